/**
 * What the teams' server tests share: the app's services on a real
 * database (SQLite in memory, or a storage of tests/fixtures/storages.ts),
 * people with proven addresses signed in from their own IPs, the teams'
 * forms posted as the pages post them, and the mails and links they queued.
 */
import { randomUUID } from "node:crypto";
import { pluginApi } from "~/server/auth/plugin-api.server";
import type { AppServices } from "~/server/context.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { migrateToLatest, type OpenedDatabase, openDatabase } from "~/server/db/database.server";
import { appServicesOn } from "../../../tests/fixtures/app-services";
import { browserHeaders, TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import type { Storage } from "../../../tests/fixtures/storages";
import type { teamsPlugin } from "./access.server";
import { TEAM_ACTIONS } from "./team-actions.server";
import { randomLetters } from "./test-names";

/** Someone signed in: their account, and their browser's request headers (cookie, client IP). */
export type Person = { id: string; name: string; email: string; headers: Headers };
export type World = Awaited<ReturnType<typeof teamsWorld>>;

/** The answer of a post: its status, its message, and `Retry-After` (or the page a redirect went to). */
export type Answer = {
  status: number;
  message?: string;
  fieldErrors?: Partial<Record<string, string>>;
  retryAfter?: string | null;
  location?: string | null;
};

/** The teams' world on `storage` (a fresh in-memory SQLite database by default). */
export async function teamsWorld(storage?: Storage) {
  const db: OpenedDatabase = storage ? await storage.open() : openDatabase(":memory:");
  await migrateToLatest(db.kysely);
  const { services: app, mails } = appServicesOn(db);
  const { auth } = app;
  /** Every mailed link made, with its purpose (in order); `mails`: every mail queued. */
  const links: { purpose: string; url: string }[] = [];
  const services = {
    ...app,
    mail: {
      ...app.mail,
      mailedLink: async (...args: Parameters<typeof app.mail.mailedLink>) => {
        const url = await app.mail.mailedLink(...args);
        links.push({ purpose: args[1], url });
        return url;
      },
    },
  } satisfies AppServices;
  const api = pluginApi<typeof teamsPlugin>(auth);

  /** A person with a proven address, signed in from `ip`. */
  async function join(
    name: string,
    { ip = "203.0.113.7", email = `${randomUUID()}@example.com` } = {},
  ): Promise<Person> {
    const signUp = await auth.api.signUpEmail({
      body: { name, email, password: "correct horse battery" },
      headers: browserHeaders({ "x-app-client-ip": ip }),
      returnHeaders: true,
    });
    await db.kysely.updateTable("user").set({ emailVerified: true }).where("email", "=", email).execute();
    const cookie = signUp.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    return {
      id: signUp.response.user.id,
      name,
      email,
      headers: browserHeaders({ cookie, "x-app-client-ip": ip }),
    };
  }

  /** Posts a team form as `person`, the way the pages do. */
  async function post(person: Person, fields: Record<string, string>): Promise<Answer> {
    const signedIn = await auth.api.getSession({ headers: person.headers });
    if (!signedIn) throw new Error(`${person.name} is not signed in`);
    const request = new Request(`${TEST_APP_URL}/dashboard/teams`, {
      method: "POST",
      headers: person.headers,
      body: new URLSearchParams(fields),
    });
    try {
      const answer = await runDashboardAction(TEAM_ACTIONS, services, request, signedIn);
      const headers = new Headers(answer.init?.headers);
      const { message, fieldErrors } = answer.data;
      return {
        status: answer.init?.status ?? 200,
        message,
        fieldErrors,
        retryAfter: headers.get("retry-after"),
      };
    } catch (thrown) {
      if (thrown instanceof Response)
        return { status: thrown.status, location: thrown.headers.get("location") };
      throw thrown;
    }
  }

  /** A team `owner` creates (through the form): its id. */
  async function createTeam(owner: Person, name = `Team ${randomLetters()}`) {
    const answer = await post(owner, { intent: "create-team", name });
    const teamId = decodeURIComponent(answer.location?.split("/").pop() ?? "");
    if (answer.status !== 302 || !teamId) throw new Error(`no team: ${answer.status} ${answer.message}`);
    return teamId;
  }

  /** `person`'s member id in `teamId` and role, or undefined. */
  const membership = (teamId: string, person: Person) =>
    db.kysely
      .selectFrom("member")
      .select(["id", "role"])
      .where("organizationId", "=", teamId)
      .where("userId", "=", person.id)
      .executeTakeFirst();

  /** `person` in `teamId` with `role`, put straight into the table (the invitation's journey is tested elsewhere). */
  async function addMember(teamId: string, person: Person, role: "owner" | "admin" | "member") {
    const id = randomUUID();
    await db.kysely
      .insertInto("member")
      .values({ id, organizationId: teamId, userId: person.id, role, createdAt: new Date() })
      .execute();
    return id;
  }

  /** The roles in `teamId`, sorted. */
  const roles = async (teamId: string) =>
    (await db.kysely.selectFrom("member").select("role").where("organizationId", "=", teamId).execute())
      .map((row) => row.role)
      .sort();

  /** The token of the last mailed link of `purpose`. */
  const lastToken = (purpose: string) => {
    const link = links.filter((candidate) => candidate.purpose === purpose).at(-1);
    return link ? new URL(link.url).searchParams.get("token") : null;
  };

  return { db, services, api, mails, links, join, post, createTeam, membership, addMember, roles, lastToken };
}
