/**
 * What the support sign-in's server tests share: the app's services on a
 * real database (SQLite in memory, or a storage of tests/fixtures/storages.ts),
 * administrators and people signed in from their own browsers, the start
 * posted as the account page posts it, and a browser's cookie jar that
 * keeps what the answers set.
 */
import { randomUUID } from "node:crypto";
import { accountMail } from "~/server/auth/account-mail.server";
import { createAuth } from "~/server/auth/auth.server";
import type { AppServices } from "~/server/context.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { migrateToLatest, type OpenedDatabase, openDatabase } from "~/server/db/database.server";
import type { Env } from "~/server/env.server";
import { createAuthRateLimits } from "~/server/limits/rate-limit.server";
import type { MailMessage } from "~/server/mail/mailer.server";
import { mailOutbox } from "~/server/mail/outbox.server";
import { browserHeaders, TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import type { Storage } from "../../../tests/fixtures/storages";
import { ADMIN_ENV_KEY, ADMIN_ROLE } from "./administrators.server";
import { SUPPORT_ACTIONS } from "./support-sign-in.server";

const SECRET = "s".repeat(43);

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

/** The support sign-in's world on `storage` (a fresh in-memory SQLite database by default). */
export async function supportWorld(storage?: Storage) {
  const db: OpenedDatabase = storage ? await storage.open() : openDatabase(":memory:");
  await migrateToLatest(db.kysely);
  const env = {
    APP_URL: TEST_APP_URL,
    APP_NAME: "Test",
    isHttps: false,
    providers: {},
    [ADMIN_ENV_KEY]: { emails: new Set([LISTED_ADMIN]) },
  };
  const mail = accountMail({ env, outbox: mailOutbox({ kysely: db.kysely, secret: SECRET }) });
  const rateLimits = createAuthRateLimits({ perIp: 10_000 });
  const auth = createAuth({ env, kysely: db.kysely, dialect: db.dialect, secret: SECRET, mail, rateLimits });
  const mails: MailMessage[] = [];
  const services = {
    env: env as unknown as Env,
    auth,
    rateLimits,
    db: db.kysely,
    mail: {
      ...mail,
      queue: async (...args: Parameters<typeof mail.queue>) => {
        await mail.queue(...args);
        mails.push(args[1]);
      },
    },
  } satisfies AppServices;

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
