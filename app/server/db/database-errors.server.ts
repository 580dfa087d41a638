import { data, type ServerBuild } from "react-router";

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

type Handler = (...args: never[]) => unknown;

/** `handler`, answering 503 ("try again shortly") instead of a 500 when the database is unavailable. */
function answering503<F extends Handler>(handler: F): F {
  return (async (...args: Parameters<F>) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw data(null, { status: 503, statusText: "Service Unavailable" });
      throw error;
    }
  }) as F;
}

/**
 * The server build with every route's middleware, loader and action wrapped
 * by `answering503`: the one place where a database outage becomes a 503,
 * so no route can forget it. The HTTP edge serves this build.
 */
export function answerOutagesWith503(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action, middleware } = route.module;
    const module = { ...route.module };
    if (loader) module.loader = answering503(loader);
    if (action) module.action = answering503(action);
    if (middleware) module.middleware = middleware.map(answering503);
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}
