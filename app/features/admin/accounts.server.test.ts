/** The console's list of accounts: its order and pages, its search, its filters, each row's facts and their cost. */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { FEATURES } from "~/features/registry";
import { isPostgres } from "../../../db/migrations/types";
import { NO_POSTGRES } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage } from "../../../tests/fixtures/storages";
import { accountDetails, escapeLike, findAccounts } from "./accounts.server";
import { ADMIN_ROLE } from "./administrators.server";
import { type AccountQuery, readAccountQuery } from "./console-query";
import { ADMIN_PAGE_SIZE } from "./constants";
import { adminWorld, type World } from "./test-world.server";

const listed = (name: string) => FEATURES.includes(name);

const LISTED = "boss@example.com";
const query = (more: Partial<AccountQuery> = {}): AccountQuery => ({ q: "", status: null, page: 1, ...more });
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

test("a LIKE pattern's wildcards and its escape are taken literally", () => {
  expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
  expect(escapeLike("ada@example.com")).toBe("ada@example.com");
});

test("the address's query: unknown filters and odd pages are ignored, a long search is cut", () => {
  const read = (search: string) => readAccountQuery(new URLSearchParams(search));
  expect(read("")).toEqual({ q: "", status: null, page: 1 });
  expect(read("q=%20Ada%20&status=admins&page=3")).toEqual({ q: "Ada", status: "admins", page: 3 });
  expect(read("status=toString&page=-2")).toEqual({ q: "", status: null, page: 1 });
  expect(read("status=deleted&page=1.5")).toMatchObject({ status: null, page: 1 });
  expect(read(`q=${"a".repeat(500)}`).q).toHaveLength(200);
});

describe.each(STORAGES)("the accounts list on $name", ({ configured, create }) => {
  let storage: Storage | undefined;
  let world: World | undefined;
  afterEach(async () => {
    await world?.db.close();
    await storage?.cleanUp();
    world = undefined;
    storage = undefined;
  });
  const open = async () => {
    storage = await create();
    world = await adminWorld({ listed: [LISTED], storage });
    return world;
  };
  const skipNote = configured ? "" : ` (${NO_POSTGRES})`;
  const emailsOf = async (found: ReturnType<typeof findAccounts>) =>
    (await found).accounts.map((account) => account.email);

  // The one allowed skip: PostgreSQL is not configured on this machine.
  test.skipIf(!configured)(
    `newest first, ${ADMIN_PAGE_SIZE} a page, and a next page while there are more${skipNote}`,
    async () => {
      const { db, settings, addAccount } = await open();
      const total = ADMIN_PAGE_SIZE + 2;
      for (let n = 0; n < total; n++)
        await addAccount({ email: `a${n}@example.com`, createdAt: minutesAgo(total - n) });
      const first = await findAccounts(db.kysely, settings, query());
      expect(first.accounts).toHaveLength(ADMIN_PAGE_SIZE);
      expect(first.accounts[0]?.email).toBe(`a${total - 1}@example.com`);
      expect(first.hasMore).toBe(true);
      const second = await findAccounts(db.kysely, settings, query({ page: 2 }));
      expect(second.accounts.map((account) => account.email)).toEqual(["a1@example.com", "a0@example.com"]);
      expect(second.hasMore).toBe(false);
      expect((await findAccounts(db.kysely, settings, query({ page: 3 }))).accounts).toEqual([]);
    },
  );

  test.skipIf(!configured)(
    `the search finds the address or the name in any case, and % _ \\ only as themselves${skipNote}`,
    async () => {
      const { db, settings, addAccount } = await open();
      await addAccount({ email: "ada_l@example.com", name: "Ada", createdAt: minutesAgo(5) });
      await addAccount({ email: "adaxl@example.com", name: "Ada X", createdAt: minutesAgo(4) });
      await addAccount({ email: "bob@example.com", name: "Bob 100% Sure", createdAt: minutesAgo(3) });
      await addAccount({ email: "cy@example.com", name: "Cy \\ Back", createdAt: minutesAgo(2) });
      await addAccount({ email: "dee@example.com", name: "Dee GRACE", createdAt: minutesAgo(1) });
      const search = (q: string) => emailsOf(findAccounts(db.kysely, settings, query({ q })));
      expect(await search("ADA_L@")).toEqual(["ada_l@example.com"]);
      expect(await search("_")).toEqual(["ada_l@example.com"]);
      expect(await search("%")).toEqual(["bob@example.com"]);
      expect(await search("\\")).toEqual(["cy@example.com"]);
      expect(await search("grace")).toEqual(["dee@example.com"]);
      expect(await search("ada")).toEqual(["adaxl@example.com", "ada_l@example.com"]);
      expect(await search("nobody")).toEqual([]);
    },
  );

  test.skipIf(!configured)(
    `filters: suspended now, and administrators by role or by a verified listed address${skipNote}`,
    async () => {
      const { db, settings, addAccount } = await open();
      await addAccount({ email: "plain@example.com", createdAt: minutesAgo(6) });
      await addAccount({ email: "made@example.com", role: ADMIN_ROLE, createdAt: minutesAgo(5) });
      await addAccount({ email: LISTED, createdAt: minutesAgo(4) });
      await addAccount({ email: "banned@example.com", banned: true, createdAt: minutesAgo(3) });
      await addAccount({
        email: "until@example.com",
        banned: true,
        banExpires: minutesAgo(-60),
        createdAt: minutesAgo(2),
      });
      await addAccount({
        email: "ended@example.com",
        banned: true,
        banExpires: minutesAgo(1),
        createdAt: minutesAgo(1),
      });
      const filtered = (status: AccountQuery["status"], q = "") =>
        emailsOf(findAccounts(db.kysely, settings, query({ status, q })));
      expect(await filtered("suspended")).toEqual(["until@example.com", "banned@example.com"]);
      expect(await filtered("admins")).toEqual([LISTED, "made@example.com"]);
      expect(await filtered("admins", "made")).toEqual(["made@example.com"]);
      const statuses = (await findAccounts(db.kysely, settings, query())).accounts.map((row) => [
        row.email,
        row.status,
      ]);
      expect(Object.fromEntries(statuses)).toEqual({
        "plain@example.com": "active",
        "made@example.com": "administrator",
        [LISTED]: "administrator",
        "banned@example.com": "suspended",
        "until@example.com": "suspended",
        "ended@example.com": "active",
      });
      // A listed address that was never proven is nobody's: not an administrator.
      await db.kysely.updateTable("user").set({ emailVerified: false }).where("email", "=", LISTED).execute();
      expect(await filtered("admins")).toEqual(["made@example.com"]);
    },
  );

  test.skipIf(!configured)(
    `each row's facts: last sign-in and where it was read, two-step, teams${skipNote}`,
    async () => {
      const { db, settings, addAccount } = await open();
      const logged = await addAccount({ email: "logged@example.com", createdAt: minutesAgo(30) });
      const sessionOnly = await addAccount({ email: "session@example.com", createdAt: minutesAgo(20) });
      const never = await addAccount({ email: "never@example.com", createdAt: minutesAgo(10) });
      const activity = (userId: string, kind: string, at: Date, success = 1) => ({
        userId,
        kind,
        success,
        createdAt: at,
      });
      await db.kysely
        .insertInto("activity")
        .values([
          activity(logged, "sign-up", minutesAgo(29)),
          activity(logged, "sign-in", minutesAgo(9)),
          activity(logged, "sign-in", minutesAgo(1), 0),
          activity(logged, "name-changed", minutesAgo(1)),
        ])
        .execute();
      const session = (userId: string, at: Date, impersonatedBy: string | null = null) => ({
        id: randomUUID(),
        token: randomUUID(),
        userId,
        createdAt: at,
        updatedAt: at,
        expiresAt: minutesAgo(-60),
        impersonatedBy,
      });
      await db.kysely
        .insertInto("session")
        .values([
          session(logged, minutesAgo(12)),
          session(sessionOnly, minutesAgo(8)),
          // An administrator's support sign-in is not the person signing in.
          session(never, minutesAgo(2), logged),
        ])
        .execute();
      // The other features' tables, written only when they are listed (this test stays when one is removed).
      const flag = (on: boolean) => (isPostgres(db.kysely) ? on : Number(on));
      if (listed("two-factor"))
        await sql`INSERT INTO "twoFactor" ("id", "userId", "secret", "backupCodes", "verified")
          VALUES (${randomUUID()}, ${logged}, 's', '[]', ${flag(true)})`.execute(db.kysely);
      if (listed("passkeys"))
        await sql`INSERT INTO "passkey" ("id", "userId", "publicKey", "credentialID", "counter", "deviceType", "backedUp")
          VALUES (${randomUUID()}, ${sessionOnly}, 'k', ${randomUUID()}, 0, 'singleDevice', ${flag(false)})`.execute(
          db.kysely,
        );
      if (listed("teams")) {
        const at = new Date().toISOString();
        await sql`INSERT INTO "organization" ("id", "name", "slug", "createdAt")
          VALUES ('t1', 'Acme', 'acme', ${at}), ('t2', 'Zeta', 'zeta', ${at})`.execute(db.kysely);
        await sql`INSERT INTO "member" ("id", "organizationId", "userId", "role", "createdAt")
          VALUES (${randomUUID()}, 't1', ${logged}, 'owner', ${at}), (${randomUUID()}, 't2', ${logged}, 'member', ${at})`.execute(
          db.kysely,
        );
      }
      const signedIn = minutesAgo(9);
      await db.kysely
        .updateTable("activity")
        .set({ createdAt: signedIn })
        .where("userId", "=", logged)
        .where("kind", "=", "sign-in")
        .where("success", "=", 1)
        .execute();
      const rows = Object.fromEntries(
        (await findAccounts(db.kysely, settings, query())).accounts.map((row) => [row.email, row]),
      );
      expect(rows["logged@example.com"]).toMatchObject({
        lastSignIn: { at: signedIn.toISOString(), from: "activity" },
        secondFactors: listed("two-factor") ? ["An authenticator app"] : [],
        teams: listed("teams") ? 2 : 0,
      });
      expect(rows["session@example.com"]).toMatchObject({
        lastSignIn: { from: "session" },
        secondFactors: listed("passkeys") ? ["A passkey"] : [],
        teams: 0,
      });
      expect(rows["never@example.com"]).toMatchObject({ lastSignIn: null, secondFactors: [], teams: 0 });
    },
  );
});

test("a page of accounts costs the same few queries whatever its size: one per fact, never one per row", async () => {
  const world = await adminWorld();
  const { db, settings, addAccount, queries, resetQueries } = world;
  const cost = async () => {
    resetQueries();
    await findAccounts(db.kysely, settings, query());
    return queries();
  };
  await addAccount();
  const forOne = await cost();
  for (let n = 0; n < ADMIN_PAGE_SIZE + 5; n++) await addAccount();
  expect(await cost()).toBe(forOne);
  // The page, sign-ins, sessions, each second factor, the teams.
  expect(forOne).toBeLessThanOrEqual(6);
  await db.close();
});

test("an account's page: how it signs in, where, and what it did, with no hash or token in it", async () => {
  const world = await adminWorld({ listed: [LISTED] });
  const admin = await world.signUp(LISTED);
  const person = await world.signUp();
  const details = await accountDetails(world.services, world.settings, person.id, admin.id);
  expect(details?.account).toMatchObject({
    email: person.email,
    isAdmin: false,
    listed: false,
    isYou: false,
    status: "active",
    suspension: null,
    lastSignIn: { from: "activity" },
  });
  expect(details?.sessions).toHaveLength(1);
  expect(details?.sessions[0]).toMatchObject({ ip: "203.0.113.7", current: false });
  expect(details?.methods).toEqual({ password: true, providers: [], secondFactors: [] });
  expect(details?.activity.map((entry) => entry.kind)).toContain("sign-up");
  const tokens = await world.db.kysely
    .selectFrom("session")
    .select("token")
    .where("userId", "=", person.id)
    .execute();
  const hashes = await world.db.kysely
    .selectFrom("account")
    .select("password")
    .where("userId", "=", person.id)
    .execute();
  const secrets = [...tokens.map((row) => row.token), ...hashes.map((row) => row.password)];
  expect(secrets).toHaveLength(2);
  const shown = JSON.stringify(details);
  for (const secret of secrets) expect(shown).not.toContain(secret);
  expect((await accountDetails(world.services, world.settings, admin.id, admin.id))?.account).toMatchObject({
    isAdmin: true,
    listed: true,
    isYou: true,
    status: "administrator",
  });
  expect(await accountDetails(world.services, world.settings, "no-such-id", admin.id)).toBeNull();
  await world.db.close();
});
