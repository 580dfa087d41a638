/**
 * What the console's server tests share: the app's services on a real
 * database (SQLite in memory, or a storage of tests/fixtures/storages.ts)
 * with `ADMIN_EMAILS` set, accounts made straight in the tables (fast, any
 * creation date) or signed up for real (a session, a cookie), and the
 * account page's forms posted as the page posts them.
 */
import { randomUUID } from "node:crypto";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { migrateToLatest, type OpenedDatabase, openDatabase } from "~/server/db/database.server";
import { appServicesOn } from "../../../tests/fixtures/app-services";
import { browserHeaders, TEST_APP_URL } from "../../../tests/fixtures/auth-in-memory";
import type { Storage } from "../../../tests/fixtures/storages";
import { ADMIN_ACTIONS } from "./admin-actions.server";
import { ADMIN_ENV_KEY, ADMIN_ROLE, type AdminSettings, adminSettingsOf } from "./administrators.server";

export type World = Awaited<ReturnType<typeof adminWorld>>;

/** Someone signed up for real: their account and their browser's headers (cookie, client IP). */
export type Person = { id: string; email: string; headers: Headers };

/** An account put straight into the table, as the list reads it. */
export type AccountSeed = {
  name?: string;
  email?: string;
  createdAt?: Date;
  emailVerified?: boolean;
  role?: string | null;
  banned?: boolean;
  banExpires?: Date | null;
};

/**
 * The console's world on `storage` (in-memory SQLite by default), with
 * `listed` in `ADMIN_EMAILS`. `queries` counts the statements sent since
 * the last `resetQueries()` (in-memory only).
 */
export async function adminWorld({ listed = [], storage }: { listed?: string[]; storage?: Storage } = {}) {
  let queries = 0;
  const db: OpenedDatabase = storage
    ? await storage.open()
    : openDatabase(":memory:", { observeQuery: () => void queries++ });
  await migrateToLatest(db.kysely);
  const settings: AdminSettings = { emails: new Set(listed) };
  const { services } = appServicesOn(db, { [ADMIN_ENV_KEY]: settings });
  const { auth } = services;

  async function addAccount(seed: AccountSeed = {}): Promise<string> {
    const id = randomUUID();
    const at = seed.createdAt ?? new Date();
    await db.kysely
      .insertInto("user")
      .values({
        id,
        name: seed.name ?? "Ada Lovelace",
        email: seed.email ?? `${id}@example.com`,
        emailVerified: seed.emailVerified ?? true,
        createdAt: at,
        updatedAt: at,
        role: seed.role ?? null,
        banned: seed.banned ?? false,
        banExpires: seed.banExpires ?? null,
      })
      .execute();
    return id;
  }

  /** Signs up for real (a password, a session); verified, and an administrator when `admin`. */
  async function signUp(email = `${randomUUID()}@example.com`, { admin = false, ip = "203.0.113.7" } = {}) {
    const answer = await auth.api.signUpEmail({
      body: { name: "Grace Hopper", email, password: "correct horse battery" },
      headers: browserHeaders({ "x-app-client-ip": ip }),
      returnHeaders: true,
    });
    const cookie = answer.headers.getSetCookie()[0]?.split(";")[0] ?? "";
    await db.kysely
      .updateTable("user")
      .set({ emailVerified: true, ...(admin ? { role: ADMIN_ROLE } : {}) })
      .where("id", "=", answer.response.user.id)
      .execute();
    return { id: answer.response.user.id, email, headers: browserHeaders({ cookie, "x-app-client-ip": ip }) };
  }

  /** Posts the account page's form `fields` as `as`; resolves to the status and the answer. */
  async function post(as: Person, fields: Record<string, string>) {
    const signedIn = await auth.api.getSession({ headers: as.headers });
    if (!signedIn) throw new Error(`${as.email} is not signed in`);
    const request = new Request(`${TEST_APP_URL}/admin/accounts/${fields.userId ?? ""}`, {
      method: "POST",
      headers: as.headers,
      body: new URLSearchParams(fields),
    });
    const answer = await runDashboardAction(ADMIN_ACTIONS, services, request, signedIn);
    return { status: answer.init?.status ?? 200, ...answer.data };
  }

  const trail = () => db.kysely.selectFrom("admin_audit").selectAll().orderBy("at").execute();
  const activityOf = async (userId: string) =>
    (
      await db.kysely
        .selectFrom("activity")
        .select("kind")
        .where("userId", "=", userId)
        .orderBy("id")
        .execute()
    ).map((row) => row.kind);

  return {
    db,
    services,
    settings: adminSettingsOf(services.env),
    addAccount,
    signUp,
    post,
    trail,
    activityOf,
    queries: () => queries,
    resetQueries: () => {
      queries = 0;
    },
  };
}
