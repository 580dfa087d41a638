import { RATE_LIMIT_KEY_PREFIX } from "~/lib/constants";
import { createMemoryRateLimiter, type RateLimiter, type RateLimitRule } from "./rate-limit.server";
import type { SharedRedis } from "./redis.server";

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
    async hit(key) {
      if (!redis.isAvailable()) return fallback.hit(key);
      try {
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
      } catch (error) {
        redis.reportFailure(error);
        return fallback.hit(key);
      }
    },
  };
}
