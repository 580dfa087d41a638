import { Redis } from "ioredis";
import {
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_CONNECT_TIMEOUT_MS,
  REDIS_RECONNECT_MAX_DELAY_MS,
} from "~/lib/constants";

type OutageLog = (record: { level: "warn" | "error"; msg: string; err?: string }) => void;

export type SharedRedis = {
  client: Redis;
  /** False from the first failure until the connection is ready again: callers skip Redis meanwhile. */
  isAvailable: () => boolean;
  /** A command failed: counts as an outage (logged once). */
  reportFailure: (error: unknown) => void;
  close: () => void;
};

/**
 * Connects to Redis at `url` for state the instances share. Never in the
 * way of a request: a command gets `REDIS_COMMAND_TIMEOUT_MS`, and once
 * Redis is known to be down callers skip it at once rather than wait. The
 * client reconnects by itself; the outage is logged once when it starts and
 * once when it ends, however many attempts fail in between.
 */
export function connectRedis(url: string, log: OutageLog): SharedRedis {
  const client = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Queue commands only while first connecting; after a failure they fail fast.
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, REDIS_RECONNECT_MAX_DELAY_MS),
  });
  let down = false;
  const reportFailure = (error: unknown) => {
    if (down) return;
    down = true;
    log({
      level: "error",
      msg: "Redis unavailable: rate limits are counted by each instance on its own until it is back",
      err: String(error),
    });
  };
  // Also keeps ioredis from printing "Unhandled error event" on every attempt.
  client.on("error", reportFailure);
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log({ level: "warn", msg: "Redis is back: rate limits are shared again" });
  });
  return { client, isAvailable: () => !down, reportFailure, close: () => client.disconnect() };
}
