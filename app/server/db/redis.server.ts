import { type Command, Redis } from "ioredis";
import { noTracing, type Tracing } from "../tracing/tracing.server";

/**
 * Redis (`REDIS_URL`): a command gets this long before the rate limits fall
 * back to this instance's own counters; reconnection attempts back off to
 * at most `REDIS_RECONNECT_MAX_DELAY_MS` apart.
 */
const REDIS_CONNECT_TIMEOUT_MS = 1000;

const REDIS_COMMAND_TIMEOUT_MS = 500;

const REDIS_RECONNECT_MAX_DELAY_MS = 2000;

/** While Redis is taken for down but still connected (a stall), a `PING` this often asks if it is back. */
const REDIS_PROBE_INTERVAL_MS = 500;

type OutageLog = (record: { level: "warn" | "error"; msg: string; err?: string }) => void;

export type SharedRedis = {
  client: Redis;
  /** False from the first failure until Redis answers again: callers skip Redis meanwhile. */
  isAvailable: () => boolean;
  /** A command failed: counts as an outage (logged once). */
  reportFailure: (error: unknown) => void;
  close: () => void;
};

/**
 * Connects to Redis at `url` for state the instances share. Never in the
 * way of a request: a command gets `REDIS_COMMAND_TIMEOUT_MS`, and once
 * Redis is known to be down callers skip it at once rather than wait. The
 * client reconnects by itself after a drop, and a probe finds the end of a
 * stall, where the connection never dropped; the outage is logged once when
 * it starts and once when it ends, however many attempts fail in between.
 * With tracing on, each command a request sends gets a span (`traceCommands`).
 */
export function connectRedis(url: string, log: OutageLog, tracing: Tracing = noTracing): SharedRedis {
  const client = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Queue commands only while first connecting; after a failure they fail fast.
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, REDIS_RECONNECT_MAX_DELAY_MS),
  });
  if (tracing.enabled) traceCommands(client, tracing);
  let down = false;
  let probe: NodeJS.Timeout | undefined;
  let probing = false;
  const markUp = () => {
    if (!down) return;
    down = false;
    clearInterval(probe);
    probe = undefined;
    log({ level: "warn", msg: "Redis is back: rate limits are shared again" });
  };
  // A stall (a frozen server, a partition, one slow command) fails commands
  // without ending the connection, so no "ready" will say it is over: a
  // PING on the open connection does. One at a time; it has the command timeout.
  const probeOnce = () => {
    if (probing || client.status !== "ready") return;
    probing = true;
    client
      .ping()
      .then(markUp, () => {})
      .finally(() => {
        probing = false;
      });
  };
  const reportFailure = (error: unknown) => {
    if (down) return;
    down = true;
    log({
      level: "error",
      msg: "Redis unavailable: rate limits are counted by each instance on its own until it is back",
      err: String(error),
    });
    probe = setInterval(probeOnce, REDIS_PROBE_INTERVAL_MS);
    probe.unref();
  };
  // Also keeps ioredis from printing "Unhandled error event" on every attempt.
  client.on("error", reportFailure);
  // A reconnect after a drop: back at once.
  client.on("ready", markUp);
  return {
    client,
    isAvailable: () => !down,
    reportFailure,
    close: () => {
      clearInterval(probe);
      client.disconnect();
    },
  };
}

/**
 * Gives each command `client` sends a span, a child of what it serves (the
 * rate limiter's `EVAL` in a sign-in request): named by the command alone.
 * Its keys and arguments are never recorded, since keys hold client
 * addresses and email addresses. Every command goes through `sendCommand`;
 * those sent outside a traced request (the outage probe's `PING`) get none.
 */
function traceCommands(client: Redis, tracing: Tracing) {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command: Command, stream?: Parameters<Redis["sendCommand"]>[1]) => {
    if (!tracing.recording()) return send(command, stream);
    const operation = command.name.toUpperCase();
    return tracing.inSpan(
      operation,
      { kind: "client", attributes: { "db.system.name": "redis", "db.operation.name": operation } },
      async () => send(command, stream),
    );
  };
}
