import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { DATABASE_BUSY_TIMEOUT_MS, DATABASE_CONNECT_TIMEOUT_MS } from "~/lib/constants";
import type { Database } from "../../../db/schema";
import type { Tracing } from "../tracing/tracing.server";
import type { OpenedDatabase, QueryObserver } from "./database.server";
import { traceQueries } from "./query-spans.server";

/**
 * PostgreSQL (`DATABASE_URL`). A small pool per instance (ten instances stay
 * under PostgreSQL's default 100 connections). A statement waiting on locks
 * is cancelled after `DATABASE_BUSY_TIMEOUT_MS`; a query that gets no
 * answer at all (a frozen server) fails after `DATABASE_QUERY_TIMEOUT_MS`;
 * a connection, new or from the full pool, is waited for at most
 * `DATABASE_CONNECT_TIMEOUT_MS`. Waiting for a connection and then for its
 * query stays under 5 s, so an outage answers 503 within 5 s and nothing
 * piles up behind it.
 */
const DATABASE_POOL_MAX = 10;

const DATABASE_QUERY_TIMEOUT_MS = 3000;

/** Idle connections are closed after this, so a restarted server is reconnected to fresh. */
const DATABASE_IDLE_TIMEOUT_MS = 30_000;

type PostgresOptions = {
  /**
   * A connection that broke (the server stopped or restarted, a backend
   * terminated), idle in the pool or checked out; the pool replaces it.
   */
  onConnectionError?: (error: Error) => void;
  /** Connections in the pool; migrations use one. */
  max?: number;
  /** `0` for migrations, which may rightly run long. */
  statementTimeoutMs?: number;
  /** Told every query and its duration (the metrics). */
  observeQuery?: QueryObserver;
  /** When on, each query gets a span (`traceQueries`). */
  tracing?: Tracing;
};

/**
 * Opens PostgreSQL at `url` through a small pool with timeouts everywhere,
 * so a database that is down or stuck turns into a quick error (503) rather
 * than requests queueing behind it, and the app reconnects by itself when
 * it is back: a broken connection is dropped from the pool, the next query
 * opens a new one.
 */
export function openPostgresDatabase(url: string, options: PostgresOptions = {}): OpenedDatabase {
  const { onConnectionError = () => {}, max = DATABASE_POOL_MAX } = options;
  const statementTimeout = options.statementTimeoutMs ?? DATABASE_BUSY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: DATABASE_IDLE_TIMEOUT_MS,
    // The server cancels a statement waiting on locks (57014), like SQLite's busy timeout…
    statement_timeout: statementTimeout,
    // …and the client gives up on a server that does not answer at all.
    query_timeout: statementTimeout === 0 ? undefined : DATABASE_QUERY_TIMEOUT_MS,
    keepAlive: true,
    application_name: "react-starter",
  });
  // An error a connection emits with no listener ends the process. The pool
  // listens to its idle connections only; a checked-out one whose query has
  // finished but which is not yet released has none, and PostgreSQL's
  // "terminating connection" can arrive in that window (with the query's
  // last reply, in one read). So every connection gets a listener of its
  // own for its whole life; its queries still fail with their own errors.
  pool.on("connect", (client) => client.on("error", onConnectionError));
  // The pool passes an idle connection's error on too: said once, above.
  pool.on("error", () => {});
  const { tracing } = options;
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      ...(tracing?.enabled
        ? { onCreateConnection: async (connection) => traceQueries(connection, "postgresql", tracing) }
        : {}),
    }),
    ...(options.observeQuery && { log: options.observeQuery }),
  });
  return {
    kysely,
    dialect: "postgres",
    // pg's pool counts every connection it holds, the idle ones, and the checkouts waiting for one.
    connections: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: () => kysely.destroy(),
  };
}
