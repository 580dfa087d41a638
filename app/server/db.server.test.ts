import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getMigrations } from "better-auth/db/migration";
import { describe, expect, test } from "vitest";
import { migrations } from "../../db/migrations";
import { createAuth } from "./auth.server";
import { migrateToLatest, openDatabase } from "./db.server";

const env = {
  APP_URL: "http://localhost:3000",
  APP_NAME: "Test",
  isHttps: false,
  providers: {
    github: { clientId: "id", clientSecret: "secret" },
    oidc: { issuer: "http://127.0.0.1:9/", clientId: "id", clientSecret: "secret", name: "OpenID" },
  },
};

describe("database", () => {
  test("migrations are idempotent across restarts", async () => {
    const dir = mkdtempSync(join(tmpdir(), "db-test-"));
    const first = openDatabase(dir);
    const applied = await migrateToLatest(first.kysely);
    expect(applied.results?.map((result) => result.status)).toEqual(
      Object.keys(migrations).map(() => "Success"),
    );
    await first.close();

    const second = openDatabase(dir);
    const again = await migrateToLatest(second.kysely);
    expect(again.results).toEqual([]);
    await second.close();
  });

  test("the committed schema is exactly what better-auth expects", async () => {
    const db = openDatabase(":memory:");
    await migrateToLatest(db.kysely);
    const auth = createAuth({ env, kysely: db.kysely, secret: "x".repeat(43) });
    const { toBeCreated, toBeAdded } = await getMigrations(auth.options);
    expect(toBeCreated.map((table) => table.table)).toEqual([]);
    expect(toBeAdded.map((table) => table.table)).toEqual([]);
    await db.close();
  });

  test("runs SQLite in WAL mode with foreign keys enforced", async () => {
    const dir = mkdtempSync(join(tmpdir(), "db-test-"));
    const db = openDatabase(dir);
    const { sql } = await import("kysely");
    const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db.kysely);
    const foreignKeys = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db.kysely);
    expect(journal.rows[0]?.journal_mode).toBe("wal");
    expect(foreignKeys.rows[0]?.foreign_keys).toBe(1);
    await db.close();
  });
});
