import { RATE_LIMIT_KEY_PREFIX } from "~/lib/constants";
import type { SharedRedis } from "../db/redis.server";
import {
  type BackoffRule,
  type Claim,
  createMemoryFailureBudget,
  type FailureBudget,
  PASSWORD_BACKOFF,
  secondsUntil,
  type Ticket,
} from "./failure-budget.server";
import { createMemoryRateLimiter, type RateLimiter, type RateLimitRule } from "./rate-limit.server";

/**
 * One atomic step of the fixed window, the same rule as the in-memory
 * counter: at most ARGV[1] hits per key in a window of ARGV[2] ms that
 * starts at the first hit; a refused hit does not count. Returns
 * `{allowed (1|0), milliseconds left in the window}`.
 */
const HIT_SCRIPT = `
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count >= tonumber(ARGV[1]) then
  local left = redis.call("PTTL", KEYS[1])
  if left < 0 then
    redis.call("PEXPIRE", KEYS[1], ARGV[2])
    left = tonumber(ARGV[2])
  end
  return {0, left}
end
if redis.call("INCR", KEYS[1]) == 1 then redis.call("PEXPIRE", KEYS[1], ARGV[2]) end
return {1, 0}
`;

/**
 * Rate-limit counters in Redis, so every instance counts the same attempts
 * (and a restart forgets nothing). When Redis is down the limits do not
 * disappear and sign-in does not stop: each instance counts on its own in
 * memory until Redis is back (SECURITY.md: with N instances an attacker gets
 * at most N times the budget for that while). Failing closed would turn a
 * cache outage into a sign-in outage; failing open would lift the limits
 * exactly when someone can take Redis down.
 */
export function createRedisRateLimiter(redis: SharedRedis, rule: RateLimitRule): RateLimiter {
  const fallback = createMemoryRateLimiter(rule);
  const windowMs = rule.windowSeconds * 1000;
  return {
    hit: (key) =>
      withRedis(
        redis,
        async () => {
          const [allowed, leftMs] = (await redis.client.eval(
            HIT_SCRIPT,
            1,
            `${RATE_LIMIT_KEY_PREFIX}${key}`,
            rule.max,
            windowMs,
          )) as [number, number];
          return allowed === 1
            ? { allowed: true, retryAfterSeconds: 0 }
            : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
        },
        () => fallback.hit(key),
      ),
  };
}

/** Runs `run` against Redis, or `otherwise` while Redis is down (and when this call finds it down). */
async function withRedis<T>(
  redis: SharedRedis,
  run: () => Promise<T>,
  otherwise: () => Promise<T>,
): Promise<T> {
  if (!redis.isAvailable()) return otherwise();
  try {
    return await run();
  } catch (error) {
    redis.reportFailure(error);
    return otherwise();
  }
}

/**
 * The failure budget's claim (`failure-budget.server.ts`), atomically: the
 * key's failures `f` and the time of the last one `t` (Redis' own clock,
 * the same for every instance). Refused while `t` plus the back-off for
 * `f` is in the future: `{0, ms left}`; else counts the attempt and returns
 * `{1, now, previous t}`. ARGV: free, first wait ms, max wait ms, forget ms.
 */
const CLAIM_SCRIPT = `
local time = redis.call("TIME")
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local f = tonumber(redis.call("HGET", KEYS[1], "f") or "0")
local t = tonumber(redis.call("HGET", KEYS[1], "t") or "0")
local wait = 0
if f >= tonumber(ARGV[1]) then
  wait = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) * 2 ^ (f - tonumber(ARGV[1])))
end
if now < t + wait then return {0, t + wait - now, 0} end
redis.call("HSET", KEYS[1], "f", f + 1, "t", now)
redis.call("PEXPIRE", KEYS[1], ARGV[4])
return {1, now, t}
`;

/** Gives a claimed attempt back: one failure less, and the last failure's time again unless a later one moved it. */
const REFUND_SCRIPT = `
local f = tonumber(redis.call("HGET", KEYS[1], "f") or "0")
if f > 0 then redis.call("HSET", KEYS[1], "f", f - 1) end
if tonumber(redis.call("HGET", KEYS[1], "t") or "-1") == tonumber(ARGV[1]) then
  redis.call("HSET", KEYS[1], "t", ARGV[2])
end
return 1
`;

/**
 * The failure budget in Redis, shared by every instance, with the same
 * fallback as the rate limits: while Redis is down, this instance counts
 * on its own.
 */
export function createRedisFailureBudget(
  redis: SharedRedis,
  rule: BackoffRule = PASSWORD_BACKOFF,
): FailureBudget {
  const fallback = createMemoryFailureBudget(rule);
  // Tickets the fallback issued go back to it, not to Redis.
  const localTickets = new WeakSet<Ticket>();
  const redisKey = (key: string) => `${RATE_LIMIT_KEY_PREFIX}${key}`;
  const nothing = async () => {};
  const claimLocally = async (key: string) => {
    const claim = await fallback.claim(key);
    if (claim.allowed) localTickets.add(claim.ticket);
    return claim;
  };
  return {
    claim: (key) =>
      withRedis(
        redis,
        async (): Promise<Claim> => {
          const [allowed, a, b] = (await redis.client.eval(
            CLAIM_SCRIPT,
            1,
            redisKey(key),
            rule.free,
            rule.firstWaitSeconds * 1000,
            rule.maxWaitSeconds * 1000,
            rule.forgetSeconds * 1000,
          )) as [number, number, number];
          return allowed === 1
            ? { allowed: true, ticket: { key, at: a, previousAt: b } }
            : { allowed: false, retryAfterSeconds: secondsUntil(a, 0) };
        },
        () => claimLocally(key),
      ),
    refund: (ticket) =>
      localTickets.has(ticket)
        ? fallback.refund(ticket)
        : withRedis(
            redis,
            async () => {
              await redis.client.eval(REFUND_SCRIPT, 1, redisKey(ticket.key), ticket.at, ticket.previousAt);
            },
            nothing,
          ),
    forget: async (key) => {
      await fallback.forget(key);
      await withRedis(
        redis,
        async () => {
          await redis.client.del(redisKey(key));
        },
        nothing,
      );
    },
  };
}
