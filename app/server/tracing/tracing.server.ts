import type { TracingConfig } from "./config.server";

/**
 * The app's one door to traces. Code that records spans (the HTTP edge,
 * database connections, Redis, the mail worker, `auth.api`) talks to this
 * small interface, never to OpenTelemetry: while tracing is off it is
 * `noTracing`, which loads nothing and passes each piece of work straight
 * through, and nothing gets wrapped at all. Only when an endpoint is
 * configured is OpenTelemetry's SDK imported (`sdk.server.ts`, loaded by
 * `import()`: a chunk of its own in the build).
 */

/** What a span may record: strings, numbers and booleans, and never personal data (docs/deploy.md#traces). */
export type SpanAttributes = Record<string, string | number | boolean>;

/** OpenTelemetry's span kinds: `client` for a call out of the process (database, Redis, mail). */
export type SpanKind = "internal" | "client";

export type SpanOptions = {
  kind?: SpanKind;
  attributes?: SpanAttributes;
  /** Whether a thrown error makes the span failed; every error does unless this says otherwise (a refusal is an answer). */
  isFailure?: (error: unknown) => boolean;
};

/** The span a piece of work runs in, to add what it learns on the way. */
export type ActiveSpan = {
  setAttributes(attributes: SpanAttributes): void;
  /** Marks the span failed with the error's type (its code or name, never its message, which may carry an address). */
  fail(error: unknown): void;
};

/** What the HTTP edge knows once a request is answered. */
export type RequestOutcome = {
  /** The route pattern that answered (`/api/auth/*`), when the edge's router knows it; React Router's wins. */
  route?: string;
  status: number;
  attributes?: SpanAttributes;
};

export type Tracing = {
  readonly enabled: boolean;
  /**
   * Runs a request in a new trace, its span named `{method} {route}` once
   * answered. `traceId` is given when the trace is kept (sampled), for the
   * request's log line.
   */
  inRequest(method: string, work: (request: { traceId?: string }) => Promise<RequestOutcome>): Promise<void>;
  /** Names the current request's route (React Router's matched pattern, `/dashboard/teams/:teamId`). */
  nameRoute(route: string): void;
  /**
   * Runs `work` in a child span of the current span. With no current span
   * (start-up, timers), or one whose trace is not kept, `work` just runs:
   * only what serves a traced request or mail gets spans.
   */
  inSpan<T>(name: string, options: SpanOptions, work: (span: ActiveSpan) => Promise<T>): Promise<T>;
  /** Whether `inSpan` would record a span here: lets a caller skip describing work nobody records. */
  recording(): boolean;
  /** Remembers the current span under `key`, for work done later on its behalf (a queued mail). */
  remember(key: string): void;
  /**
   * Runs `work` in a span whose parent is the one remembered under `key`
   * (then forgotten), or in a trace of its own when none is: the mail was
   * queued by another instance, or before a restart.
   */
  inSpanFor<T>(
    key: string,
    name: string,
    options: SpanOptions,
    work: (span: ActiveSpan) => Promise<T>,
  ): Promise<T>;
  /** Runs `work` outside any span, so that background work started by a request is not counted in its trace. */
  outside<T>(work: () => T): T;
  /** Sends the spans still waiting (at most a couple of seconds), then stops. */
  shutdown(): Promise<void>;
};

const noSpan: ActiveSpan = { setAttributes: () => {}, fail: () => {} };

/** Tracing off: every piece of work runs as it is, and nothing is recorded. */
export const noTracing: Tracing = {
  enabled: false,
  inRequest: async (_method, work) => {
    await work({});
  },
  nameRoute: () => {},
  inSpan: (_name, _options, work) => work(noSpan),
  recording: () => false,
  remember: () => {},
  inSpanFor: (_key, _name, _options, work) => work(noSpan),
  outside: (work) => work(),
  shutdown: async () => {},
};

/** What the service is called in traces when `OTEL_SERVICE_NAME` does not say, and which build it runs. */
export type ServiceIdentity = { name: string; version?: string };

/**
 * Tracing as configured: `noTracing` when `config` is `undefined` (the
 * default), else OpenTelemetry's SDK exporting to `config.url`, loaded now.
 * `warn` hears of exports that fail (once until they work again).
 */
export async function startTracing(
  config: TracingConfig | undefined,
  service: ServiceIdentity,
  warn: (record: { level: "warn" | "info"; msg: string; code?: string }) => void,
): Promise<Tracing> {
  if (!config) return noTracing;
  const { startSdkTracing } = await import("./sdk.server");
  return startSdkTracing(config, service, { warn });
}

/**
 * An error's type for a span: its code when it has one that looks like a
 * code (`SQLITE_BUSY`, `57P01`, `ECONNREFUSED`), else its class name. Never
 * its message: database and mail errors quote the values they refused.
 */
export function errorTypeOf(error: unknown): string {
  const { code, name } = (error ?? {}) as { code?: unknown; name?: unknown };
  if (typeof code === "string" && /^[A-Z0-9][A-Z0-9_]{0,39}$/.test(code)) return code;
  return typeof name === "string" && /^[A-Za-z][\w.]{0,59}$/.test(name) ? name : "Error";
}
