import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import { migrateToLatest, type OpenedDatabase } from "~/server/db/database.server";
import { NO_POSTGRES, postgresUrl } from "../tests/fixtures/postgres";
import { STORAGES, type Storage, sqliteStorage } from "../tests/fixtures/storages";
import { generateSchemaTypes } from "./generate-types";

let storages: Storage[] = [];
afterEach(async () => {
  for (const storage of storages) await storage.cleanUp();
  storages = [];
});

async function migrated(create: () => Promise<Storage>): Promise<OpenedDatabase> {
  const storage = await create();
  storages.push(storage);
  const db = await storage.open();
  await migrateToLatest(db.kysely);
  return db;
}

test("db/schema.generated.ts is what the migrations make (else: npm run db:types)", async () => {
  const file = readFileSync(new URL("./schema.generated.ts", import.meta.url), "utf8");
  expect(await generateSchemaTypes()).toBe(file);
});

/** Each database's name for what a column holds. */
const KINDS: Record<string, string> = {
  text: "text",
  integer: "integer",
  int4: "integer",
  boolean: "boolean",
  bool: "boolean",
  date: "point in time",
  timestamptz: "point in time",
};

/** Each table's columns: what each holds, and whether it may be null (a primary key never is). */
async function columnsOf(db: OpenedDatabase) {
  const tables = await db.kysely.introspection.getTables();
  const columns: Record<string, Record<string, string>> = {};
  for (const table of tables) {
    // SQLite says a primary key other than an integer may be null; the app's never are.
    const { rows: keys } = await (db.dialect === "sqlite"
      ? sql<{ name: string }>`select name from pragma_table_info(${table.name}) where pk > 0`
      : sql<{ name: string }>`select 1 where false`
    ).execute(db.kysely);
    const key = new Set(keys.map((row) => row.name));
    columns[table.name] = Object.fromEntries(
      table.columns.map((column) => [
        column.name,
        `${KINDS[column.dataType.toLowerCase()] ?? column.dataType}${column.isNullable && !key.has(column.name) ? " or null" : ""}`,
      ]),
    );
  }
  return columns;
}

test.skipIf(!postgresUrl)(
  `the migrations make the same columns on PostgreSQL as on SQLite${postgresUrl ? "" : ` (${NO_POSTGRES})`}`,
  async () => {
    const postgres = await migrated(STORAGES[1]?.create ?? sqliteStorage);
    const sqlite = await migrated(sqliteStorage);
    expect(await columnsOf(postgres)).toEqual(await columnsOf(sqlite));
  },
);

// SQLite stores ISO text and 0/1: app/server/db/sqlite-values.server.ts converts them both ways.
describe.each(STORAGES)("$name", ({ name, configured, create }) => {
  test.skipIf(!configured)(
    `a flag reads as a boolean and a point in time as a Date on ${name}${configured ? "" : ` (${NO_POSTGRES})`}`,
    async () => {
      const db = await migrated(create);
      const at = new Date("2026-11-24T10:00:00.000Z");
      await db.kysely
        .insertInto("user")
        .values({
          id: "u1",
          name: "Ann",
          email: "ann@example.com",
          emailVerified: true,
          createdAt: at,
          updatedAt: at,
        })
        .execute();
      await db.kysely
        .insertInto("session")
        .values({ id: "s1", token: "t", userId: "u1", expiresAt: at, createdAt: at, updatedAt: at })
        .execute();
      const user = await db.kysely
        .selectFrom("user")
        .select(["emailVerified", "createdAt", "emailChangedAt"])
        .where("createdAt", "=", at)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({
        emailVerified: true,
        createdAt: at,
        emailChangedAt: null,
      });
      // Under another name, in a join, from raw SQL.
      const { rows } = await sql<{ verified: unknown; userCreatedAt: unknown; sessionCreatedAt: unknown }>`
        select "user"."emailVerified" as verified, "user"."createdAt" as "userCreatedAt",
          "session"."createdAt" as "sessionCreatedAt"
        from "session" join "user" on "user"."id" = "session"."userId" where "session"."expiresAt" <= ${at}`.execute(
        db.kysely,
      );
      expect(rows).toEqual([{ verified: true, userCreatedAt: at, sessionCreatedAt: at }]);
    },
  );
});
