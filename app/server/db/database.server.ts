import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { NodeSqliteDialect } from "@better-auth/kysely-adapter/node-sqlite-dialect";
import { Kysely, type Logger, sql } from "kysely";
import { DEFAULT_MIGRATION_TABLE, type Migration, type MigrationResultSet, Migrator } from "kysely/migration";
import { serverFeatures } from "~/features/server.server";
import { migrations } from "../../../db/migrations";
import type { Database } from "../../../db/schema";
import { type Env, StartupError } from "../env.server";
import type { PoolConnections } from "../metrics.server";
import { noTracing, type Tracing } from "../tracing/tracing.server";
import { isDatabaseUnavailable } from "./database-errors.server";
import { traceQueries } from "./query-spans.server";
import {
  cacheStatements,
  keepTheFirstError,
  retryWhileBusy,
  SQLITE_BLOCKING_WAIT_MS,
  takeTheWriteLockFirst,
} from "./sqlite-connection.server";
import { convertValues } from "./sqlite-values.server";

/** An open database: its query builder, which one it is, and how to close it. */
export type OpenedDatabase = {
  kysely: Kysely<Database>;
  /** Which database this is, in the names better-auth uses. */
  dialect: "sqlite" | "postgres";
  /** Its connections now, for the metrics (`db_pool_connections`). */
  connections: () => PoolConnections;
  close: () => Promise<void>;
};

/** Kysely's `log` hook, told every query and its duration (the metrics' `observeQuery`). */
export type QueryObserver = Logger;

/** What watches an open database's queries: a span each (`tracing`), and the metrics (`observeQuery`). */
export type DatabaseObservers = { tracing?: Tracing; observeQuery?: QueryObserver };

/** SQLite's one connection, open for the process's life: always in use, none idle, nobody waits in a pool. */
const SQLITE_CONNECTIONS: PoolConnections = { inUse: 1, idle: 0, waiting: 0 };

/**
 * Opens the embedded SQLite database `app.db` in `dataDir` (`:memory:` for
 * tests) with the settings a web server needs: WAL so readers never wait for
 * the writer, a locked database waited for without blocking other requests
 * (`retryWhileBusy`), and foreign keys enforced. With tracing on, each
 * query gets a span (`traceQueries`).
 */
export function openDatabase(
  dataDir: string,
  { tracing = noTracing, observeQuery }: DatabaseObservers = {},
): OpenedDatabase {
  const file = dataDir === ":memory:" ? ":memory:" : join(dataDir, "app.db");
  if (file !== ":memory:") mkdirSync(dataDir, { recursive: true });
  const sqlite = new DatabaseSync(file);
  sqlite.exec(`PRAGMA busy_timeout = ${SQLITE_BLOCKING_WAIT_MS}`);
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  const kysely = new Kysely<Database>({
    ...(observeQuery && { log: observeQuery }),
    dialect: new NodeSqliteDialect({
      database: cacheStatements(convertValues(sqlite)),
      onCreateConnection: async (connection) => {
        retryWhileBusy(connection);
        keepTheFirstError(connection, sqlite);
        takeTheWriteLockFirst(connection);
        // Last, so the span covers the waits for the lock too.
        if (tracing.enabled) traceQueries(connection, "sqlite", tracing);
      },
    }),
  });
  return {
    kysely,
    dialect: "sqlite",
    connections: () => SQLITE_CONNECTIONS,
    close: async () => {
      await kysely.destroy();
      if (sqlite.isOpen) sqlite.close();
    },
  };
}

/** Every migration this build runs: the core's and the listed features', by name. */
export function appMigrations(): Record<string, Migration> {
  return Object.assign({}, migrations, ...serverFeatures().map((feature) => feature.migrations ?? {}));
}

/**
 * Migrations the database ran that this build no longer has: a removed
 * feature's. They count as done (Kysely refuses a history with gaps), and
 * what they made stays: a feature added back finds its tables as it left
 * them; drop them by hand to be rid of them.
 */
async function retiredMigrations(
  kysely: Kysely<Database>,
  known: Record<string, Migration>,
): Promise<Record<string, Migration>> {
  const ran = await sql<{ name: string }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`
    .execute(kysely)
    .then(({ rows }) => rows.map((row) => row.name))
    // No migration table yet: a new database.
    .catch(() => []);
  const done: Migration = { up: async () => {} };
  return Object.fromEntries(ran.filter((name) => !Object.hasOwn(known, name)).map((name) => [name, done]));
}

/**
 * Brings the schema up to date. Safe to run at every start: applied
 * migrations are recorded and skipped. Throws when one fails, so the server
 * never runs against a half-migrated database.
 */
export async function migrateToLatest(kysely: Kysely<Database>): Promise<MigrationResultSet> {
  const known = appMigrations();
  const retired = await retiredMigrations(kysely, known);
  const migrator = new Migrator({
    db: kysely,
    // A feature added to a database that already ran later migrations still runs its own.
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => ({ ...retired, ...known }) },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}

/**
 * The database the configuration names, migrated: PostgreSQL when
 * `DATABASE_URL` is set, else SQLite in `DATA_DIR`. On PostgreSQL the
 * migrations run on a connection of their own without the statement
 * timeout (a migration may rightly take long); several instances starting
 * at once are safe, Kysely's migrator takes a lock. An unreachable
 * database is a `StartupError`: one line and exit 1, and the process
 * manager starts the app again. With tracing on, the queries the app runs
 * get spans (the migrations, serving no request, do not).
 */
export async function openConfiguredDatabase(
  env: Pick<Env, "DATA_DIR" | "DATABASE_URL">,
  onConnectionError?: (error: Error) => void,
  /** What watches the queries but the migrations': spans (an OTLP endpoint), metrics (`METRICS_PORT`). */
  observers: DatabaseObservers = {},
): Promise<OpenedDatabase> {
  if (!env.DATABASE_URL) return openSqliteOrExplain(env.DATA_DIR, observers);
  // Loaded only here: an app on SQLite never spends memory on the PostgreSQL driver.
  const { openPostgresDatabase } = await import("./postgres.server");
  const migrating = openPostgresDatabase(env.DATABASE_URL, { max: 1, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(migrating.kysely);
  } catch (error) {
    if (isDatabaseUnavailable(error))
      throw new StartupError(`Cannot reach the database: ${failureOf(error)}`);
    throw error;
  } finally {
    await migrating.close();
  }
  return openPostgresDatabase(env.DATABASE_URL, { onConnectionError, ...observers });
}

/**
 * SQLite in `dataDir`, migrated; a folder the app cannot create, write or
 * open (read-only, full, not a folder, no permission) is a `StartupError`
 * naming it, not a stack trace.
 */
async function openSqliteOrExplain(dataDir: string, observers: DatabaseObservers): Promise<OpenedDatabase> {
  let db: OpenedDatabase | undefined;
  try {
    db = openDatabase(dataDir, observers);
    await migrateToLatest(db.kysely);
    return db;
  } catch (error) {
    await db?.close().catch(() => {});
    const { code } = error as { code?: unknown };
    if (isDatabaseUnavailable(error) || (typeof code === "string" && FILE_SYSTEM_REFUSALS.has(code))) {
      throw new StartupError(`Cannot use the data directory ${dataDir}: ${failureOf(error)}`);
    }
    throw error;
  }
}

/** What a file system answers when the data directory cannot be created or written. */
const FILE_SYSTEM_REFUSALS = new Set(["EACCES", "EPERM", "EROFS", "ENOSPC", "ENOTDIR", "EEXIST", "EDQUOT"]);

/** What went wrong, without the URL (it may carry a password); connection errors never include it. */
function failureOf(error: unknown): string {
  const { message, errors } = error as { message?: string; errors?: { message?: string }[] };
  return (message || errors?.[0]?.message) ?? String(error);
}
