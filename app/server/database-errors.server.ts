import { data } from "react-router";

/** SQLite result codes that mean "the database cannot be used right now", not "this query is wrong". */
const UNAVAILABLE_CODES = new Set([
  5, // SQLITE_BUSY: another connection holds the lock past busy_timeout
  6, // SQLITE_LOCKED
  10, // SQLITE_IOERR
  13, // SQLITE_FULL
  14, // SQLITE_CANTOPEN
]);

/**
 * True when `error` (or anything in its `cause` chain) says the database is
 * unavailable: the app answers 503 and recovers by itself when it returns.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { errcode, code, cause } = current as { errcode?: unknown; code?: unknown; cause?: unknown };
    if (typeof errcode === "number" && UNAVAILABLE_CODES.has(errcode & 0xff)) return true;
    if (code === "ECONNREFUSED" || code === "57P01" || code === "57P03") return true; // PostgreSQL, later
    current = cause;
  }
  return false;
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
