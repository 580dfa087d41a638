import { data } from "react-router";

/** SQLite result codes that mean "the database cannot be used right now", not "this query is wrong". */
const SQLITE_UNAVAILABLE = new Set([
  5, // SQLITE_BUSY: another connection holds the lock past busy_timeout
  6, // SQLITE_LOCKED
  8, // SQLITE_READONLY: the file or its folder cannot be written (permissions, a read-only mount)
  10, // SQLITE_IOERR
  13, // SQLITE_FULL
  14, // SQLITE_CANTOPEN
]);

/**
 * PostgreSQL SQLSTATEs of the same kind. Whole classes: 08 connection
 * exception, 53 insufficient resources (disk full, too many connections),
 * 57P shutdown and start-up (admin/crash shutdown, "cannot connect now"),
 * 58 system error (I/O). Plus statements cancelled by `statement_timeout`
 * (57014) and locks not granted in time (55P03): the database is busy.
 */
const POSTGRES_UNAVAILABLE = /^(08|53|58)[0-9A-Z]{3}$|^57P[0-9A-Z]{2}$|^57014$|^55P03$/;

/** Socket errors on the way to PostgreSQL: down, restarting, or unreachable. */
const NETWORK_UNAVAILABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * node-postgres reports its own timeouts and dropped connections by message
 * only (no code): the pool's connection timeout, the client's query
 * timeout, a server that went away mid-query, a pooled client that broke.
 */
const PG_CLIENT_UNAVAILABLE = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
];

function isUnavailableError(error: { errcode?: unknown; code?: unknown; message?: unknown }): boolean {
  const { errcode, code, message } = error;
  if (typeof errcode === "number") return SQLITE_UNAVAILABLE.has(errcode & 0xff);
  if (typeof code === "string" && (NETWORK_UNAVAILABLE.has(code) || POSTGRES_UNAVAILABLE.test(code))) {
    return true;
  }
  return typeof message === "string" && PG_CLIENT_UNAVAILABLE.some((start) => message.startsWith(start));
}

/**
 * True when `error` (or anything in its `cause` chain, or an
 * `AggregateError` of connection attempts to several addresses) says the
 * database is unavailable: the app answers 503 and recovers by itself when
 * it returns. Errors that mean "this query is wrong" stay 500s.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  if (isUnavailableError(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * Runs `work` for a loader or action; when the database is unavailable the
 * page answers 503 ("try again shortly") instead of a 500.
 */
export async function whenDatabaseAvailable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data(null, { status: 503, statusText: "Service Unavailable" });
    throw error;
  }
}
