import { DatabaseSync } from "node:sqlite";
import { getMigrations } from "better-auth/db/migration";
import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { createTestDatabase, NO_POSTGRES, postgresUrl } from "../../../tests/fixtures/postgres";
import { STORAGES, type Storage, sqliteStorage } from "../../../tests/fixtures/storages";
import { silentServer } from "../../../tests/fixtures/tcp";
import { DATABASE_CONNECT_TIMEOUT_MS, READINESS_TIMEOUT_MS } from "../../lib/constants";
import { createAuth } from "../auth/auth.server";
import { appMigrations, migrateToLatest, openConfiguredDatabase } from "./database.server";
import { isDatabaseUnavailable } from "./database-errors.server";
import { openPostgresDatabase } from "./postgres.server";
import { checkReadiness } from "./readiness.server";

const env = {
  APP_URL: "http://localhost:3000",
  APP_NAME: "Test",
  isHttps: false,
  providers: {
    github: { clientId: "id", clientSecret: "secret" },
    oidc: { issuer: "http://127.0.0.1:9/", clientId: "id", clientSecret: "secret", name: "OpenID" },
  },
};
const everyMigration = Object.keys(appMigrations()).sort();

let storage: Storage | undefined;
afterEach(async () => {
  await storage?.cleanUp();
  storage = undefined;
});

describe.each(STORAGES)("$name", ({ name, configured, create }) => {
  // The one allowed skip: PostgreSQL is not configured on this machine.
  test.skipIf(!configured)(
    `migrations are idempotent across restarts${configured ? "" : ` (${NO_POSTGRES})`}`,
    async () => {
      storage = await create();
      const first = await storage.open();
      const applied = await migrateToLatest(first.kysely);
      expect(applied.results?.map((result) => result.status)).toEqual(everyMigration.map(() => "Success"));
      await first.close();

      const again = await migrateToLatest((await storage.open()).kysely);
      expect(again.results).toEqual([]);
    },
  );

  test.skipIf(!configured)(
    `a removed feature's migrations count as done, and a new one still runs on ${name}`,
    async () => {
      storage = await create();
      const db = await storage.open();
      await migrateToLatest(db.kysely);
      // As if a build with a feature since removed ran "0099-notes", and one to come adds "0050-later".
      await sql`create table "notes" ("id" integer primary key)`.execute(db.kysely);
      await sql`insert into "kysely_migration" ("name", "timestamp") values ('0099-notes', ${new Date().toISOString()})`.execute(
        db.kysely,
      );
      const again = await migrateToLatest(db.kysely);
      expect(again.results).toEqual([]);
      expect(await checkReadiness(db.kysely)).toEqual({ ready: true });
      await sql`select "id" from "notes"`.execute(db.kysely);
    },
  );

  test.skipIf(!configured)(
    `the committed schema is exactly what better-auth expects on ${name}`,
    async () => {
      storage = await create();
      const db = await storage.open();
      await migrateToLatest(db.kysely);
      const auth = createAuth({ env, kysely: db.kysely, dialect: db.dialect, secret: "x".repeat(43) });
      const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
      expect(toBeCreated.map((table) => table.table)).toEqual([]);
      expect(toBeAdded.map((table) => table.table)).toEqual([]);
    },
  );

  // better-auth's check accepts PostgreSQL's `date` for a date field, which drops the time of day.
  test.skipIf(!configured)(`dates keep their time of day and booleans stay booleans on ${name}`, async () => {
    storage = await create();
    const db = await storage.open();
    await migrateToLatest(db.kysely);
    const auth = createAuth({ env, kysely: db.kysely, dialect: db.dialect, secret: "x".repeat(43) });
    const before = Date.now();
    await auth.api.signUpEmail({
      body: { name: "Ada", email: "ada@example.com", password: "correct horse" },
    });
    const found = await (await auth.$context).internalAdapter.findUserByEmail("ada@example.com");
    expect(found?.user.emailVerified).toBe(false);
    const createdAt = new Date(found?.user.createdAt ?? 0).getTime();
    expect(createdAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
  });

  test.skipIf(!configured)(`/readyz's check on ${name}: migrations pending, then ready`, async () => {
    storage = await create();
    const db = await storage.open();
    expect(await checkReadiness(db.kysely)).toEqual({ ready: false, reason: "migrations pending" });
    await migrateToLatest(db.kysely);
    expect(await checkReadiness(db.kysely)).toEqual({ ready: true });
  });
});

test("runs SQLite in WAL mode with foreign keys enforced", async () => {
  storage = await sqliteStorage();
  const db = await storage.open();
  const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db.kysely);
  const foreignKeys = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db.kysely);
  expect(journal.rows[0]?.journal_mode).toBe("wal");
  expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
});

test("a SQLite database that cannot take a write is not ready, and its writes are outages (503), not bugs", async () => {
  storage = await sqliteStorage();
  const db = await storage.open();
  await migrateToLatest(db.kysely);
  expect(await checkReadiness(db.kysely)).toEqual({ ready: true });
  // As a read-only file or mount makes it: reads work, every write fails (SQLITE_READONLY).
  await sql`PRAGMA query_only = ON`.execute(db.kysely);
  expect(await checkReadiness(db.kysely)).toEqual({ ready: false, reason: "database unavailable" });
  const write = await sql`DELETE FROM "session"`.execute(db.kysely).catch((error: unknown) => error);
  expect(isDatabaseUnavailable(write)).toBe(true);
  await sql`PRAGMA query_only = OFF`.execute(db.kysely);
  expect(await checkReadiness(db.kysely)).toEqual({ ready: true });
});

test("a full SQLite disk fails a transaction with the error that says so (503), nothing of it written", async () => {
  storage = await sqliteStorage();
  const db = await storage.open();
  await migrateToLatest(db.kysely);
  const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db.kysely);
  // The file may not grow: as a full disk makes it, SQLite answers SQLITE_FULL and ends the transaction itself.
  await sql`PRAGMA max_page_count = ${sql.raw(String((pages.rows[0]?.page_count ?? 0) + 2))}`.execute(
    db.kysely,
  );
  const failed = await db.kysely
    .transaction()
    .execute(async (trx) => {
      await sql`INSERT INTO "verification" ("id", "identifier", "value", "expiresAt", "createdAt", "updatedAt")
        VALUES ('small', 'small', 'x', '2030-01-01', '2030-01-01', '2030-01-01')`.execute(trx);
      await sql`INSERT INTO "verification" ("id", "identifier", "value", "expiresAt", "createdAt", "updatedAt")
        VALUES ('large', 'large', ${"x".repeat(1_000_000)}, '2030-01-01', '2030-01-01', '2030-01-01')`.execute(
        trx,
      );
    })
    .catch((error: unknown) => error);
  expect(String(failed)).toMatch(/full/);
  expect(isDatabaseUnavailable(failed)).toBe(true);
  const kept = await sql<{ id: string }>`SELECT "id" FROM "verification"`.execute(db.kysely);
  expect(kept.rows).toEqual([]);
});

/** A migrated SQLite database, and a second connection to its file, as another process would open it. */
async function sqliteWithAnotherProcess() {
  storage = await sqliteStorage();
  const db = await storage.open();
  await migrateToLatest(db.kysely);
  const file = await sql<{ file: string }>`SELECT file FROM pragma_database_list WHERE name = 'main'`.execute(
    db.kysely,
  );
  return { db, other: new DatabaseSync(file.rows[0]?.file ?? "") };
}

test("another process holding SQLite's write lock makes a write wait without blocking the event loop", async () => {
  const { db, other } = await sqliteWithAnotherProcess();
  other.exec("BEGIN IMMEDIATE");
  try {
    let ticks = 0;
    const ticking = setInterval(() => {
      ticks += 1;
    }, 5);
    const write = sql`DELETE FROM "session"`.execute(db.kysely).catch((error: unknown) => error);
    // The write waits for the lock and, meanwhile, timers keep firing: nothing is blocked.
    await expect.poll(() => ticks).toBeGreaterThan(20);
    other.exec("COMMIT");
    expect(await write).toMatchObject({ rows: [] });
    clearInterval(ticking);
  } finally {
    if (other.isTransaction) other.exec("ROLLBACK");
    other.close();
  }
});

test("a transaction holds SQLite's write lock from its start, so another process's write cannot make it fail", async () => {
  const { db, other } = await sqliteWithAnotherProcess();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await sql`SELECT count(*) FROM "verification"`.execute(trx);
      // With a plain BEGIN this write would go through, and the one below fail (SQLITE_BUSY_SNAPSHOT, a 503).
      expect(() =>
        other.exec(`INSERT INTO "verification" ("id", "identifier", "value", "expiresAt", "createdAt", "updatedAt")
          VALUES ('other', 'other', 'x', '2030-01-01', '2030-01-01', '2030-01-01')`),
      ).toThrow(/locked/);
      await sql`INSERT INTO "verification" ("id", "identifier", "value", "expiresAt", "createdAt", "updatedAt")
        VALUES ('ours', 'ours', 'x', '2030-01-01', '2030-01-01', '2030-01-01')`.execute(trx);
    });
    const rows = await sql<{ id: string }>`SELECT "id" FROM "verification"`.execute(db.kysely);
    expect(rows.rows).toEqual([{ id: "ours" }]);
  } finally {
    other.close();
  }
});

describe("readiness without a database", () => {
  test("a PostgreSQL server that refuses connections is not ready, at once", async () => {
    const db = openPostgresDatabase("postgres://app:secret@127.0.0.1:1/app");
    const started = Date.now();
    expect(await checkReadiness(db.kysely)).toEqual({ ready: false, reason: "database unavailable" });
    expect(Date.now() - started).toBeLessThan(1000);
    await db.close();
  });

  test("a PostgreSQL server that never answers is not ready once the connection timeout passes", async () => {
    const silent = await silentServer();
    const db = openPostgresDatabase(`postgres://app:secret@127.0.0.1:${silent.port}/app`);
    const started = Date.now();
    expect(await checkReadiness(db.kysely)).toEqual({ ready: false, reason: "database unavailable" });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(DATABASE_CONNECT_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(READINESS_TIMEOUT_MS);
    await silent.close();
    await db.close();
  });
});

describe.skipIf(!postgresUrl)(`PostgreSQL pool${postgresUrl ? "" : ` (${NO_POSTGRES})`}`, () => {
  test("two instances starting at once on a fresh database migrate it once, both ready", async () => {
    const database = await createTestDatabase("unit_concurrent");
    try {
      const config = { DATA_DIR: ":memory:", DATABASE_URL: database.url };
      const [first, second] = await Promise.all([
        openConfiguredDatabase(config),
        openConfiguredDatabase(config),
      ]);
      const rows = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        first.kysely,
      );
      expect(rows.rows.map((row) => row.name)).toEqual(everyMigration);
      expect(await checkReadiness(second.kysely)).toEqual({ ready: true });
      await first.close();
      await second.close();
    } finally {
      await database.drop();
    }
  });

  test("counts its connections for the metrics: in use while queries run, waiting beyond the pool, then idle", async () => {
    const database = await createTestDatabase("unit_pool_metrics");
    const db = openPostgresDatabase(database.url, { max: 2 });
    try {
      expect(db.connections()).toEqual({ inUse: 0, idle: 0, waiting: 0 });
      const running = Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.5)`.execute(db.kysely)));
      await expect.poll(() => db.connections()).toEqual({ inUse: 2, idle: 0, waiting: 1 });
      await running;
      expect(db.connections()).toEqual({ inUse: 0, idle: 2, waiting: 0 });
    } finally {
      await db.close();
      await database.drop();
    }
  });

  test("connections the server closed (a restart) are replaced without restarting the app", async () => {
    const database = await createTestDatabase("unit_reconnect");
    const idleErrors: Error[] = [];
    const db = await openConfiguredDatabase({ DATA_DIR: ":memory:", DATABASE_URL: database.url }, (error) =>
      idleErrors.push(error),
    );
    try {
      // Fill the pool with a few idle connections.
      await Promise.all([1, 2, 3].map(() => sql`select pg_sleep(0.05)`.execute(db.kysely)));
      const admin = openPostgresDatabase(database.url, { max: 1 });
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`.execute(admin.kysely);
      await admin.close();
      await expect.poll(() => idleErrors.length).toBeGreaterThan(0);
      expect(String(idleErrors[0])).toContain("terminating connection due to administrator command");
      // A query may still meet a connection whose end has not arrived yet (503, 57P01); then all is well.
      await expect.poll(() => checkReadiness(db.kysely)).toEqual({ ready: true });
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
