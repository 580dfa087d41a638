import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import { RATE_LIMIT_KEY_PREFIX } from "~/lib/constants";
import { tcpProxy } from "../../../tests/fixtures/tcp";
import { connectRedis, type SharedRedis } from "../db/redis.server";
import { createRedisFailureBudget, createRedisRateLimiter } from "./redis-rate-limiter.server";

const redisUrl = process.env.REDIS_URL || undefined;
const NO_REDIS = "needs Redis: set REDIS_URL (.ci/run does for its second run)";

type Record = { level: string; msg: string };
let connections: SharedRedis[] = [];

/** One instance's Redis connection, with the log records it wrote. */
function instance(url: string) {
  const log: Record[] = [];
  const redis = connectRedis(url, (record) => log.push(record));
  connections.push(redis);
  return { redis, log, outages: () => log.filter((record) => record.msg.startsWith("Redis unavailable")) };
}

afterEach(() => {
  for (const redis of connections) redis.close();
  connections = [];
});

const key = () => `test:${randomUUID()}`;

test("Redis unreachable from the start: the limits still hold, per instance, and the outage is logged once", async () => {
  const { redis, log, outages } = instance("redis://127.0.0.1:1");
  const limiter = createRedisRateLimiter(redis, { max: 2, windowSeconds: 60 });
  const name = key();
  const started = Date.now();
  expect(await limiter.hit(name)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  expect(Date.now() - started).toBeLessThan(1500);
  expect(await limiter.hit(name)).toEqual({ allowed: true, retryAfterSeconds: 0 });
  expect(await limiter.hit(name)).toEqual({ allowed: false, retryAfterSeconds: 60 });
  await expect.poll(() => log.length).toBeGreaterThan(0);
  expect(outages()).toHaveLength(1);
  expect(log).toEqual([expect.objectContaining({ level: "error" })]);
});

describe.skipIf(!redisUrl)(`with Redis${redisUrl ? "" : ` (${NO_REDIS})`}`, () => {
  const url = redisUrl ?? "";

  test("two instances count the same attempts; a refused attempt does not count", async () => {
    const rule = { max: 3, windowSeconds: 600 };
    const a = createRedisRateLimiter(instance(url).redis, rule);
    const b = createRedisRateLimiter(instance(url).redis, rule);
    const name = key();
    expect((await a.hit(name)).allowed).toBe(true);
    expect((await b.hit(name)).allowed).toBe(true);
    expect((await a.hit(name)).allowed).toBe(true);
    const refused = await b.hit(name);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect((await a.hit(name)).allowed).toBe(false);
    const { client } = instance(url).redis;
    expect(await client.get(`${RATE_LIMIT_KEY_PREFIX}${name}`)).toBe("3");
  });

  test("the window starts at the first attempt and ends by itself", async () => {
    const limiter = createRedisRateLimiter(instance(url).redis, { max: 1, windowSeconds: 1 });
    const name = key();
    expect((await limiter.hit(name)).allowed).toBe(true);
    expect(await limiter.hit(name)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await expect.poll(async () => (await limiter.hit(name)).allowed, { timeout: 3000 }).toBe(true);
  });

  test("Redis going away mid-run: answers keep coming, counted locally; logged once when it goes, once when it is back", async () => {
    const target = new URL(url);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    try {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(proxy.port);
      const { redis, log, outages } = instance(proxied.toString());
      const limiter = createRedisRateLimiter(redis, { max: 100, windowSeconds: 600 });
      const name = key();
      expect((await limiter.hit(name)).allowed).toBe(true);

      await proxy.cut();
      for (let attempt = 0; attempt < 5; attempt++) {
        const started = Date.now();
        expect((await limiter.hit(name)).allowed).toBe(true);
        expect(Date.now() - started).toBeLessThan(1000);
      }
      expect(outages()).toHaveLength(1);

      await proxy.restore();
      await expect
        .poll(() => log.map((record) => record.msg), { timeout: 5000 })
        .toContain("Redis is back: rate limits are shared again");
      expect((await limiter.hit(name)).allowed).toBe(true);
      // Counted in Redis again: the first hit and this one.
      expect(await instance(url).redis.client.get(`${RATE_LIMIT_KEY_PREFIX}${name}`)).toBe("2");
      expect(outages()).toHaveLength(1);
    } finally {
      await proxy.cut();
    }
  });

  test("Redis stalled (the connection stays up): counted locally within a second, shared again as soon as Redis answers", async () => {
    const { redis, log, outages } = instance(url);
    const limiter = createRedisRateLimiter(redis, { max: 100, windowSeconds: 600 });
    const name = key();
    expect((await limiter.hit(name)).allowed).toBe(true);

    // A frozen server, as SIGSTOP or a partition makes it: every command waits, nothing disconnects.
    const admin = instance(url).redis.client;
    await admin.client("PAUSE", 1500, "ALL");
    const started = Date.now();
    expect((await limiter.hit(name)).allowed).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(redis.isAvailable()).toBe(false);
    expect(outages()).toHaveLength(1);

    // No reconnect will come: the probe must find that Redis answers again.
    await expect
      .poll(() => log.map((record) => record.msg), { timeout: 5000 })
      .toContain("Redis is back: rate limits are shared again");
    expect(redis.isAvailable()).toBe(true);
    expect((await limiter.hit(name)).allowed).toBe(true);
    // Counted in Redis again. The hit during the stall was counted here, and by Redis too once it
    // woke (it was already on the wire): 3, the first, that one and this one.
    expect(await admin.get(`${RATE_LIMIT_KEY_PREFIX}${name}`)).toBe("3");
    expect(outages()).toHaveLength(1);
  });

  test("the failure budget is shared: failures through A and B add up, with back-off, and only failures count", async () => {
    const rule = { free: 3, firstWaitSeconds: 60, maxWaitSeconds: 3600, forgetSeconds: 86_400 };
    const a = createRedisFailureBudget(instance(url).redis, rule);
    const b = createRedisFailureBudget(instance(url).redis, rule);
    const name = key();
    // Successes through either instance are given back.
    for (let i = 0; i < 5; i += 1) {
      const claim = await (i % 2 ? a : b).claim(name);
      if (!claim.allowed) throw new Error(`success ${i + 1} was refused`);
      await (i % 2 ? a : b).refund(claim.ticket);
    }
    expect((await a.claim(name)).allowed).toBe(true);
    expect((await b.claim(name)).allowed).toBe(true);
    expect((await a.claim(name)).allowed).toBe(true);
    const refused = await b.claim(name);
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    const { client } = instance(url).redis;
    expect(await client.hget(`${RATE_LIMIT_KEY_PREFIX}${name}`, "f")).toBe("3");
    expect(await client.pttl(`${RATE_LIMIT_KEY_PREFIX}${name}`)).toBeGreaterThan(86_000_000);
    await a.forget(name);
    expect((await b.claim(name)).allowed).toBe(true);
  });

  test("a burst of attempts through two instances cannot slip past the budget", async () => {
    const rule = { free: 3, firstWaitSeconds: 60, maxWaitSeconds: 3600, forgetSeconds: 86_400 };
    const budgets = [
      createRedisFailureBudget(instance(url).redis, rule),
      createRedisFailureBudget(instance(url).redis, rule),
    ];
    const name = key();
    const claims = await Promise.all(Array.from({ length: 20 }, (_, i) => budgets[i % 2]?.claim(name)));
    expect(claims.filter((claim) => claim?.allowed)).toHaveLength(3);
  });
});
