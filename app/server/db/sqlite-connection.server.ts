import type { DatabaseSync, StatementSync } from "node:sqlite";
import { CompiledQuery, type DatabaseConnection } from "kysely";
import { DATABASE_BUSY_TIMEOUT_MS } from "~/lib/constants";

// What the app's one SQLite connection needs on top of the Kysely dialect to serve a web
// server (\`openDatabase\` wraps each connection in them): waits for a lock that block no other
// request, transactions that take the write lock first, the error that says why a transaction
// ended, and prepared statements kept.

/**
 * SQLite waits for a lock synchronously, blocking every request: it waits
 * at most this long at a time, and the app retries the statement
 * asynchronously until `DATABASE_BUSY_TIMEOUT_MS` (`retryWhileBusy`).
 */
export const SQLITE_BLOCKING_WAIT_MS = 10;

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
/** Busy because this transaction's snapshot is stale: only a new transaction helps, not a retry. */
const SQLITE_BUSY_SNAPSHOT = 517;

/**
 * SQLite's own wait for a lock (`busy_timeout`) is a synchronous sleep in
 * the one thread that serves every request, so it is kept to
 * `SQLITE_BLOCKING_WAIT_MS`. A statement that still finds the database
 * locked (another process writing, a backup) is tried again after an
 * asynchronous pause, growing to 100 ms, until `DATABASE_BUSY_TIMEOUT_MS`
 * have passed; then its error goes on (503). Other requests are served
 * meanwhile; those that need the database queue behind the connection.
 */
export function retryWhileBusy(connection: DatabaseConnection) {
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = async <R>(query: CompiledQuery) => {
    const started = Date.now();
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      try {
        return await execute<R>(query);
      } catch (error) {
        const { errcode } = error as { errcode?: unknown };
        const busy =
          typeof errcode === "number" &&
          errcode !== SQLITE_BUSY_SNAPSHOT &&
          ((errcode & 0xff) === SQLITE_BUSY || (errcode & 0xff) === SQLITE_LOCKED);
        if (!busy || Date.now() - started + pause > DATABASE_BUSY_TIMEOUT_MS) throw error;
        await new Promise((resume) => setTimeout(resume, pause));
      }
    }
  };
}

/**
 * Every transaction here writes, so it takes the write lock when it begins
 * (`begin immediate`), waiting like any write while another process holds
 * it (`retryWhileBusy`). A plain `begin` takes it at the first write: if
 * another process wrote since the transaction's first read, SQLite refuses
 * at once (SQLITE_BUSY_SNAPSHOT), a 503 no wait could have avoided. In this
 * process the one connection runs one transaction at a time anyway.
 */
export function takeTheWriteLockFirst(connection: DatabaseConnection) {
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = async <R>(query: CompiledQuery) =>
    execute<R>(query.sql === "begin" ? CompiledQuery.raw("begin immediate") : query);
}

/**
 * SQLite ends a transaction by itself when a statement in it fails for want
 * of disk or memory (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM). Kysely then
 * sends its own `rollback`, which would fail ("no transaction is active")
 * and replace the error that says why (a 503) with one that says nothing
 * (a 500). A rollback with nothing left to roll back is skipped.
 */
export function keepTheFirstError(connection: DatabaseConnection, sqlite: DatabaseSync) {
  const execute = connection.executeQuery.bind(connection);
  connection.executeQuery = async <R>(query: CompiledQuery) => {
    if (query.sql === "rollback" && !sqlite.isTransaction) return { rows: [] as R[] };
    return execute<R>(query);
  };
}

const STATEMENT_CACHE_SIZE = 256;

/**
 * The Kysely dialect prepares every query from scratch; an app asks the same
 * few dozen queries over and over. Reusing prepared statements (a small LRU
 * keyed by SQL text) takes SQL compilation off the hot path. Safe because
 * node:sqlite runs each statement to completion synchronously. The dialect
 * also asks each statement for its result columns before every run (only to
 * tell a read from a write), which builds a new array of objects each time:
 * a statement's columns are read once.
 */
export function cacheStatements(sqlite: DatabaseSync): DatabaseSync {
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
    const columns = statement.columns();
    statement.columns = () => columns;
    cache.set(sql, statement);
    if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return statement;
  };
  return sqlite;
}
