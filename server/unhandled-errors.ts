import type { Context } from "hono";
import { isDatabaseUnavailable } from "~/server/db/database-errors.server";
import type { EdgeEnv } from "./edge-env";
import type { Logger } from "./request-log";

/** What a 503 tells clients to wait before trying again. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

/**
 * The edge's last answer, to an error no handler caught (Hono's `onError`):
 * a client that left mid-request gets a `400` nobody reads; a database
 * outage a `503` with `Retry-After`; anything else a `500`. Each carries the
 * request id, and the log line names it (and the trace, when traces are on).
 */
export function answerUnhandledErrors(log: Logger) {
  return (error: Error, c: Context<EdgeEnv>) => {
    const requestId = c.get("requestId");
    const trace = c.get("traceId") ? { trace_id: c.get("traceId") } : {};
    // The client left mid-request (a body cut short): nobody reads the answer, nothing broke here.
    if (c.req.raw.signal.aborted) return c.json({ error: "Bad Request" }, 400);
    if (isDatabaseUnavailable(error)) {
      log({ level: "error", msg: "database unavailable", requestId, ...trace, err: String(error) });
      c.header("Retry-After", String(RETRY_AFTER_UNAVAILABLE_SECONDS));
      return c.json({ error: "Service Unavailable", requestId }, 503);
    }
    log({
      level: "error",
      msg: "unhandled error",
      requestId,
      ...trace,
      err: String(error),
      stack: error.stack,
    });
    return c.json({ error: "Internal Server Error", requestId }, 500);
  };
}
