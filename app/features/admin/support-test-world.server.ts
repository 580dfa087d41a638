/**
 * What the support sign-in's server tests share: the app's services on a
 * real database (SQLite in memory, or a storage of tests/fixtures/storages.ts),
 * administrators and people signed in from their own browsers, the start
 * posted as the account page posts it, and a browser's cookie jar that
 * keeps what the answers set.
 */
import { randomUUID } from "node:crypto";
import { afterEach, vi } from "vitest";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { migrateToLatest, type OpenedDatabase, openDatabase } from "~/server/db/database.server";
import { appServicesOn } from "../../../tests/fixtures/app-services";
import { browserHeaders, TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import type { Storage } from "../../../tests/fixtures/storages";
import { ADMIN_ENV_KEY, ADMIN_ROLE } from "./administrators.server";
import { SUPPORT_ACTIONS } from "./support-sign-in.server";

/** The address `ADMIN_EMAILS` lists in this world. */
export const LISTED_ADMIN = "listed@example.com";

/** A browser: its cookies by name, and the headers its next request sends. */
export type Browser = {
  cookies: Map<string, string>;
  headers: () => Headers;
  keep: (setCookie: string[]) => void;
};

/** Someone with a proven address, and their browser (signed in). */
export type Person = { id: string; name: string; email: string; browser: Browser };

/** The answer of the start: its status, message, field errors, and where a redirect went with the cookies it set. */
export type Answer = {
  status: number;
  message?: string;
  fieldErrors?: Partial<Record<string, string>>;
  location?: string | null;
  setCookie: string[];
};

/** A browser with `ip` that keeps cookies as a browser does: a `Max-Age=0` removes one. */
export function newBrowser(ip = "203.0.113.7"): Browser {
  const cookies = new Map<string, string>();
  return {
    cookies,
    headers: () =>
      browserHeaders({
        "x-app-client-ip": ip,
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      }),
    keep(setCookie) {
      for (const line of setCookie) {
        const [pair = ""] = line.split(";");
        const name = pair.slice(0, pair.indexOf("="));
        if (/;\s*Max-Age=0(;|$)/i.test(line)) cookies.delete(name);
        else cookies.set(name, pair.slice(name.length + 1));
      }
    },
  };
}

/**
 * For a `describe.each(STORAGES)` body: a world on a fresh storage of
 * `create` per call, closed and removed (and the clock real again) after each test.
 */
export function worldsOn(create: () => Promise<Storage>) {
  let storage: Storage | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await storage?.cleanUp();
    storage = undefined;
  });
  return async () => {
    storage = await create();
    return supportWorld(storage);
  };
}

/** The support sign-in's world on `storage` (a fresh in-memory SQLite database by default). */
export async function supportWorld(storage?: Storage) {
  const db: OpenedDatabase = storage ? await storage.open() : openDatabase(":memory:");
  await migrateToLatest(db.kysely);
  const { services, mails } = appServicesOn(db, { [ADMIN_ENV_KEY]: { emails: new Set([LISTED_ADMIN]) } });
  const { auth } = services;

  /** Someone with a proven address, signed in from their own browser; an administrator by `role` when asked. */
  async function join(
    name: string,
    { admin = false, email = `${randomUUID()}@example.com`, ip = "203.0.113.7" } = {},
  ): Promise<Person> {
    const browser = newBrowser(ip);
    const signUp = await auth.api.signUpEmail({
      body: { name, email, password: "correct horse battery" },
      headers: browser.headers(),
      returnHeaders: true,
    });
    browser.keep(signUp.headers.getSetCookie());
    await db.kysely
      .updateTable("user")
      .set({ emailVerified: true, role: admin ? ADMIN_ROLE : null })
      .where("email", "=", email)
      .execute();
    return { id: signUp.response.user.id, name, email, browser };
  }

  /** The session `browser` holds now, as the root middleware reads it (a set-aside one given back included). */
  const sessionOf = (browser: Browser) => auth.api.getSession({ headers: browser.headers() });

  /** Posts "Sign in as …" for `userId` as `admin` (their browser keeps what the answer sets). */
  async function start(admin: Person, fields: Record<string, string>): Promise<Answer> {
    const signedIn = await sessionOf(admin.browser);
    if (!signedIn) throw new Error(`${admin.name} is not signed in`);
    const request = new Request(`${TEST_APP_URL}/admin/accounts/${fields.userId ?? ""}`, {
      method: "POST",
      headers: admin.browser.headers(),
      body: new URLSearchParams({ intent: "support-sign-in", ...fields }),
    });
    try {
      const answer = await runDashboardAction(SUPPORT_ACTIONS, services, request, signedIn);
      const { message, fieldErrors } = answer.data;
      return { status: answer.init?.status ?? 200, message, fieldErrors, setCookie: [] };
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      const setCookie = thrown.headers.getSetCookie();
      admin.browser.keep(setCookie);
      return { status: thrown.status, location: thrown.headers.get("location"), setCookie };
    }
  }

  /** The trail's entries, oldest first. */
  const trail = () =>
    db.kysely
      .selectFrom("admin_audit")
      .select(["action", "adminId", "adminEmail", "targetId", "targetEmail", "reason", "detail"])
      .orderBy("at")
      .orderBy("action")
      .execute();

  /** The activity kinds in `person`'s log. */
  const activityOf = async (person: Person) =>
    (await db.kysely.selectFrom("activity").select("kind").where("userId", "=", person.id).execute()).map(
      (row) => row.kind,
    );

  return { db, auth, services, mails, join, start, sessionOf, trail, activityOf };
}
