import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely } from "kysely";
import { type MigrationResultSet, Migrator } from "kysely/migration";
import { DATABASE_BUSY_TIMEOUT_MS } from "~/lib/constants";
import { migrations } from "../../db/migrations";

export type Database = {
  kysely: Kysely<unknown>;
  close: () => Promise<void>;
};

/**
 * Opens the embedded SQLite database `app.db` in `dataDir` (`:memory:` for
 * tests) with the settings a web server needs: WAL so readers never wait for
 * the writer, a busy timeout instead of "database is locked" errors, and
 * foreign keys enforced.
 */
export function openDatabase(dataDir: string): Database {
  const file = dataDir === ":memory:" ? ":memory:" : join(dataDir, "app.db");
  if (file !== ":memory:") mkdirSync(dataDir, { recursive: true });
  const sqlite = new DatabaseSync(file);
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec(`PRAGMA busy_timeout = ${DATABASE_BUSY_TIMEOUT_MS}`);
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  const kysely = new Kysely<unknown>({
    dialect: new NodeSqliteDialect({ database: cacheStatements(sqlite) }),
  });
  return {
    kysely,
    close: async () => {
      await kysely.destroy();
      if (sqlite.isOpen) sqlite.close();
    },
  };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * The Kysely dialect prepares every query from scratch; an app asks the same
 * few dozen queries over and over. Reusing prepared statements (a small LRU
 * keyed by SQL text) takes SQL compilation off the hot path. Safe because
 * node:sqlite runs each statement to completion synchronously.
 */
function cacheStatements(sqlite: DatabaseSync): DatabaseSync {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, StatementSync>();
  sqlite.prepare = (sql: string) => {
    const cached = cache.get(sql);
    if (cached) {
      cache.delete(sql);
      cache.set(sql, cached);
      return cached;
    }
    const statement = prepare(sql);
    cache.set(sql, statement);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return statement;
  };
  return sqlite;
}

/**
 * Brings the schema up to date. Safe to run at every start: applied
 * migrations are recorded and skipped. Throws when one fails, so the server
 * never runs against a half-migrated database.
 */
export async function migrateToLatest(kysely: Kysely<unknown>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db: kysely,
    provider: { getMigrations: async () => migrations },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
