import type { LogEvent } from "kysely";
import type { Counter, Gauge, Registry } from "prom-client";
import { operationOf } from "./db/query-operation.server";

/**
 * The app's Prometheus metrics (docs/deploy.md, "Metrics"): the registry,
 * every metric's definition, and the one-line calls the code that sees an
 * event makes. prom-client is loaded only when `METRICS_PORT` is set
 * (`startMetrics`, from the HTTP edge); until then each call here returns at
 * once, so an app without metrics pays nothing for them, not even loading
 * the library at start. The counts describe this process, so they live
 * in it once, like the process metrics prom-client keeps: a call from
 * wherever the event happens, with no service to hand around. Label values
 * come from code or configuration only (route patterns, limit names, sign-in
 * methods), never from a request: no path with an id, no address.
 */

/** What a sign-in came to, for `sign_in_outcomes_total`. */
export type SignInOutcome = "success" | "second_step" | "wrong_password" | "locked" | "failed";

/** The counters the app's code bumps, once `startMetrics` made them. */
type Counters = {
  rateLimitRefusals: Counter<"limit">;
  signInOutcomes: Counter<"method" | "outcome">;
  sessionsCreated: Counter;
  sessionsRevoked: Counter;
  mailSends: Counter;
  mailSendFailures: Counter;
  signUpCodeFailures: Counter;
  signUpCodeSurges: Counter;
  adminActions: Counter<"kind">;
};

let counters: Counters | undefined;

/** A request refused by the rate limit `limit` (`ip`, `sign-up`, a feature's named limit, `wrong-password`…). */
export function countRateLimitRefusal(limit: string): void {
  counters?.rateLimitRefusals.inc({ limit });
}

/** A sign-in by `method` (`password`, `passkey`, a provider's id, a second step's) that came to `outcome`. */
export function countSignIn(method: string, outcome: SignInOutcome): void {
  counters?.signInOutcomes.inc({ method, outcome });
}

/** A session was created (a completed sign-in, or a password change's new session). */
export function countSessionCreated(): void {
  counters?.sessionsCreated.inc();
}

/** Sessions ended before they expired: signed out, revoked, or taken with the account. */
export function countSessionsRevoked(count = 1): void {
  if (count > 0) counters?.sessionsRevoked.inc(count);
}

/** A mail was handed to the mail server (or written to the outbox folder). */
export function countMailSent(): void {
  counters?.mailSends.inc();
}

/** A try at sending a mail failed (it may be tried again: `mail_queue_depth` says what waits). */
export function countMailFailure(): void {
  counters?.mailSendFailures.inc();
}

/** A wrong sign-up code was tried (on any request, from any browser). */
export function countSignUpCodeFailure(): void {
  counters?.signUpCodeFailures.inc();
}

/** Wrong sign-up codes app-wide went past the alert's threshold (counted once per window: `sign-up-code-surge.server.ts`). */
export function countSignUpCodeSurge(): void {
  counters?.signUpCodeSurges.inc();
}

/** An administrator did `kind` in the admin console (`suspend`, `impersonate-start`…): the kind only, never who or to whom. */
export function countAdminAction(kind: string): void {
  counters?.adminActions.inc({ kind });
}

/** The database's connections: checked out, idle in the pool, and requests waiting for one. */
export type PoolConnections = { inUse: number; idle: number; waiting: number };

/** The mails waiting in the outbox table: how many, and when the oldest was queued. */
export type MailQueueState = { depth: number; oldestQueuedAt: Date | null };

/** What the gauges read at each scrape (`collect()`), rather than on a timer. */
export type GaugeSources = {
  connections: () => PoolConnections;
  mailQueue: () => Promise<MailQueueState>;
  /** Whether Redis answers, when `REDIS_URL` is set; without it `redis_shared_limits_up` is absent. */
  redisAvailable?: () => boolean;
};

/** The metrics of a running app: what the HTTP edge and the database feed, and the text a scrape gets. */
export type Metrics = {
  /** Kysely's `log` hook: every query's duration, by its operation. */
  observeQuery: (event: LogEvent) => void;
  /** Around every request at the HTTP edge: started, then answered with `status` by `route`. */
  requestStarted: () => void;
  requestAnswered: (answer: { route: string; method: string; status: number }, seconds: number) => void;
  /** Hands the gauges their sources, once the database and Redis are open. */
  watch: (sources: GaugeSources) => void;
  /** The Prometheus text of every metric, and its content type. */
  scrape: () => Promise<{ contentType: string; text: string }>;
};

/** Queries take from 0.1 ms (a cached SQLite statement) to seconds (a lock, a slow network). */
const QUERY_BUCKETS = [
  0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

/** The methods the edge serves; any other is `other`, so a client cannot make up label values. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** `2xx`, `4xx`…: one label value per class of status. */
const statusClassOf = (status: number) => `${Math.floor(status / 100)}xx`;

/**
 * Loads prom-client and makes every metric, with its default process
 * metrics (CPU, memory, event loop, GC), in a registry of its own. The
 * app's counters start counting from here on.
 */
export async function startMetrics({ buildId }: { buildId: string }): Promise<Metrics> {
  const client = await import("prom-client");
  const registry: Registry = new client.Registry();
  const registers = [registry];
  client.collectDefaultMetrics({ register: registry });

  new client.Gauge({
    name: "app_build_info",
    help: "The build this process serves (its BUILD_ID); always 1.",
    labelNames: ["build_id"],
    registers,
  }).set({ build_id: buildId }, 1);

  const requestDuration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer a request at the HTTP edge (until its headers), by route pattern, method and status class.",
    labelNames: ["route", "method", "status_class"],
    registers,
  });
  const requestsInFlight = new client.Gauge({
    name: "http_requests_in_flight",
    help: "Requests being answered.",
    registers,
  });
  const queryDuration = new client.Histogram({
    name: "db_query_duration_seconds",
    help: "Time a database query took (waiting for a lock included), by operation.",
    labelNames: ["operation"],
    buckets: QUERY_BUCKETS,
    registers,
  });

  let sources: GaugeSources | undefined;
  const connections: Gauge<"state"> = new client.Gauge({
    name: "db_pool_connections",
    help: "Database connections: in use, idle in the pool, and requests waiting for one (SQLite: its one connection, always in use).",
    labelNames: ["state"],
    registers,
    collect() {
      if (!sources) return;
      const { inUse, idle, waiting } = sources.connections();
      connections.set({ state: "in_use" }, inUse);
      connections.set({ state: "idle" }, idle);
      connections.set({ state: "waiting" }, waiting);
    },
  });
  /**
   * The outbox's state at this scrape (one small query per gauge); null
   * while the database is away, said as NaN (the scrape still answers);
   * undefined before `watch`.
   */
  const mailQueue = () => sources?.mailQueue().catch(() => null) ?? Promise.resolve(undefined);
  const mailQueueDepth: Gauge = new client.Gauge({
    name: "mail_queue_depth",
    help: "Mails waiting in the outbox table to be sent (with PostgreSQL, every instance's: the table is shared).",
    registers,
    async collect() {
      const state = await mailQueue();
      if (state !== undefined) mailQueueDepth.set(state ? state.depth : Number.NaN);
    },
  });
  const oldestPending: Gauge = new client.Gauge({
    name: "mail_queue_oldest_pending_seconds",
    help: "How long the oldest mail waiting in the outbox table has waited; 0 when none waits.",
    registers,
    async collect() {
      const state = await mailQueue();
      if (state === undefined) return;
      const waited = state?.oldestQueuedAt
        ? Math.max(0, (Date.now() - state.oldestQueuedAt.getTime()) / 1000)
        : 0;
      oldestPending.set(state ? waited : Number.NaN);
    },
  });

  counters = {
    rateLimitRefusals: new client.Counter({
      name: "rate_limit_refusals_total",
      help: "Attempts refused by a rate limit (429), by the limit's name.",
      labelNames: ["limit"],
      registers,
    }),
    signInOutcomes: new client.Counter({
      name: "sign_in_outcomes_total",
      help: "Sign-ins by method and outcome: success, second_step (the first factor was right, a second step is asked), wrong_password, locked (429: the account's wrong-password budget), failed.",
      labelNames: ["method", "outcome"],
      registers,
    }),
    sessionsCreated: new client.Counter({
      name: "sessions_created_total",
      help: "Sessions created (a first factor's session that a second step replaces is not counted).",
      registers,
    }),
    sessionsRevoked: new client.Counter({
      name: "sessions_revoked_total",
      help: "Sessions ended before they expired: signed out, revoked from the dashboard, ended by a password reset or change, or with the account.",
      registers,
    }),
    mailSends: new client.Counter({
      name: "mail_sends_total",
      help: "Mails handed to the mail server (or written to the outbox folder).",
      registers,
    }),
    mailSendFailures: new client.Counter({
      name: "mail_send_failures_total",
      help: "Tries at sending a mail that failed (most are tried again).",
      registers,
    }),
    signUpCodeFailures: new client.Counter({
      name: "sign_up_code_failures_total",
      help: "Wrong sign-up codes tried (every request, every browser): alert on its rate.",
      registers,
    }),
    signUpCodeSurges: new client.Counter({
      name: "sign_up_code_surges_total",
      help: "Times wrong sign-up codes app-wide passed the alert's threshold, once per 15-minute window at most (each logged as a warning); nothing is refused.",
      registers,
    }),
    adminActions: new client.Counter({
      name: "admin_actions_total",
      help: "Actions administrators took in the admin console, by kind (each also in its append-only trail).",
      labelNames: ["kind"],
      registers,
    }),
  };

  return {
    observeQuery: (event) =>
      queryDuration.observe(
        { operation: operationOf(event.query.query, event.query.sql) },
        event.queryDurationMillis / 1000,
      ),
    requestStarted: () => requestsInFlight.inc(),
    requestAnswered: ({ route, method, status }, seconds) => {
      requestsInFlight.dec();
      requestDuration.observe(
        { route, method: METHODS.has(method) ? method : "other", status_class: statusClassOf(status) },
        seconds,
      );
    },
    watch(given) {
      sources = given;
      const { redisAvailable } = given;
      if (!redisAvailable) return;
      new client.Gauge({
        name: "redis_shared_limits_up",
        help: "1 while Redis answers and the rate limits are shared, 0 while each instance counts on its own.",
        registers,
        collect() {
          this.set(redisAvailable() ? 1 : 0);
        },
      });
    },
    scrape: async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
  };
}
