import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "./edge-env";

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
const LEVELS: readonly LogLevel[] = ["debug", "info", "warn", "error", "silent"];

export type LogRecord = { level: Exclude<LogLevel, "silent">; msg: string } & Record<string, unknown>;

/**
 * A structured logger: one JSON line per record on stdout, records below
 * `minimum` dropped. Never give it secrets: it writes what it gets.
 */
export function createLogger(
  minimum: LogLevel,
  write: (line: string) => void = (line) => process.stdout.write(line),
) {
  const threshold = LEVELS.indexOf(minimum);
  return (record: LogRecord) => {
    if (LEVELS.indexOf(record.level) < threshold) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), ...record })}\n`);
  };
}

export type Logger = ReturnType<typeof createLogger>;

/**
 * Names each request (`X-Request-Id`) and logs one line when it is answered:
 * method, path (never the query string, which can carry tokens), status and
 * duration. No headers, cookies or bodies. A client that left before its
 * answer (`clientClosed`) is not the server's error, whatever the status.
 * With traces on, the line carries the request's trace id (`trace_id`),
 * to find its trace from the log and the other way round.
 */
export function requestLog(log: Logger): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set("requestId", requestId);
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    const status = c.res.status;
    const clientClosed = c.req.raw.signal.aborted;
    log({
      level: status >= 500 && !clientClosed ? "error" : "info",
      msg: "request",
      method: c.req.method,
      path: c.req.path,
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      requestId,
      ...(c.get("traceId") && { trace_id: c.get("traceId") }),
      ...(clientClosed && { clientClosed }),
    });
  };
}
