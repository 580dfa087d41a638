import { describe, expect, test } from "vitest";
import { parseMetrics, sampleValue } from "../../tests/fixtures/prometheus";
import { migrateToLatest, openDatabase } from "./db/database.server";
import {
  countMailFailure,
  countMailSent,
  countRateLimitRefusal,
  countSessionCreated,
  countSessionsRevoked,
  countSignIn,
  startMetrics,
} from "./metrics.server";

const scrape = async (metrics: Awaited<ReturnType<typeof startMetrics>>) =>
  parseMetrics((await metrics.scrape()).text);

const idle = { connections: () => ({ inUse: 1, idle: 0, waiting: 0 }) };

describe("metrics", () => {
  test("before startMetrics every call does nothing; after it, each counts under its name", async () => {
    countRateLimitRefusal("ip");
    const metrics = await startMetrics({ buildId: "v42" });
    metrics.watch({ ...idle, mailQueue: async () => ({ depth: 0, oldestQueuedAt: null }) });
    countRateLimitRefusal("ip");
    countRateLimitRefusal("ip");
    countSignIn("password", "wrong_password");
    countSignIn("password", "success");
    countSessionCreated();
    countSessionsRevoked(3);
    countSessionsRevoked(0);
    countMailSent();
    countMailFailure();
    const scraped = await scrape(metrics);
    expect(sampleValue(scraped, "rate_limit_refusals_total", { limit: "ip" })).toBe(2);
    expect(sampleValue(scraped, "sign_in_outcomes_total", { method: "password", outcome: "success" })).toBe(
      1,
    );
    expect(sampleValue(scraped, "sign_in_outcomes_total", { outcome: "wrong_password" })).toBe(1);
    expect(sampleValue(scraped, "sessions_created_total")).toBe(1);
    expect(sampleValue(scraped, "sessions_revoked_total")).toBe(3);
    expect(sampleValue(scraped, "mail_sends_total")).toBe(1);
    expect(sampleValue(scraped, "mail_send_failures_total")).toBe(1);
    expect(sampleValue(scraped, "app_build_info", { build_id: "v42" })).toBe(1);
    // prom-client's default process metrics, in the app's own registry.
    expect(sampleValue(scraped, "process_cpu_user_seconds_total")).toBeGreaterThanOrEqual(0);
    expect(sampleValue(scraped, "nodejs_eventloop_lag_seconds")).toBeDefined();
  });

  test("the gauges read their sources at each scrape; an unreachable outbox is NaN, not a failed scrape", async () => {
    const metrics = await startMetrics({ buildId: "dev" });
    const pool = { inUse: 3, idle: 2, waiting: 1 };
    let queue: () => Promise<{ depth: number; oldestQueuedAt: Date | null }> = async () => ({
      depth: 4,
      oldestQueuedAt: new Date(Date.now() - 90_000),
    });
    let redisUp = true;
    metrics.watch({ connections: () => pool, mailQueue: () => queue(), redisAvailable: () => redisUp });

    let scraped = await scrape(metrics);
    expect(sampleValue(scraped, "db_pool_connections", { state: "in_use" })).toBe(3);
    expect(sampleValue(scraped, "db_pool_connections", { state: "idle" })).toBe(2);
    expect(sampleValue(scraped, "db_pool_connections", { state: "waiting" })).toBe(1);
    expect(sampleValue(scraped, "mail_queue_depth")).toBe(4);
    expect(sampleValue(scraped, "mail_queue_oldest_pending_seconds")).toBeGreaterThanOrEqual(90);
    expect(sampleValue(scraped, "redis_shared_limits_up")).toBe(1);

    pool.inUse = 0;
    redisUp = false;
    queue = () => Promise.reject(new Error("database unavailable"));
    scraped = await scrape(metrics);
    expect(sampleValue(scraped, "db_pool_connections", { state: "in_use" })).toBe(0);
    expect(sampleValue(scraped, "redis_shared_limits_up")).toBe(0);
    expect(sampleValue(scraped, "mail_queue_depth")).toBeNaN();
    expect(sampleValue(scraped, "mail_queue_oldest_pending_seconds")).toBeNaN();
  });

  test("without REDIS_URL there is no redis_shared_limits_up at all (not a 0 that looks like an outage)", async () => {
    const metrics = await startMetrics({ buildId: "dev" });
    metrics.watch({ ...idle, mailQueue: async () => ({ depth: 0, oldestQueuedAt: null }) });
    const scraped = await scrape(metrics);
    expect(scraped.has("redis_shared_limits_up")).toBe(false);
    expect(sampleValue(scraped, "mail_queue_oldest_pending_seconds")).toBe(0);
  });

  test("requests: in flight until answered, timed by route, method (made-up ones are other) and status class", async () => {
    const metrics = await startMetrics({ buildId: "dev" });
    metrics.requestStarted();
    metrics.requestStarted();
    expect(sampleValue(await scrape(metrics), "http_requests_in_flight")).toBe(2);
    metrics.requestAnswered({ route: "/login", method: "GET", status: 200 }, 0.004);
    metrics.requestAnswered({ route: "other", method: "BREW", status: 404 }, 0.001);
    const scraped = await scrape(metrics);
    expect(sampleValue(scraped, "http_requests_in_flight")).toBe(0);
    expect(
      sampleValue(scraped, "http_request_duration_seconds_count", {
        route: "/login",
        method: "GET",
        status_class: "2xx",
      }),
    ).toBe(1);
    expect(
      sampleValue(scraped, "http_request_duration_seconds_count", {
        route: "other",
        method: "other",
        status_class: "4xx",
      }),
    ).toBe(1);
  });

  test("queries are timed by operation, through Kysely's log hook", async () => {
    const metrics = await startMetrics({ buildId: "dev" });
    const db = openDatabase(":memory:", { observeQuery: metrics.observeQuery });
    try {
      await migrateToLatest(db.kysely);
      const before = await scrape(metrics);
      await db.kysely.selectFrom("user").select("id").execute();
      await db.kysely.transaction().execute((trx) => trx.deleteFrom("user").execute());
      const after = await scrape(metrics);
      const added = (operation: string) =>
        (sampleValue(after, "db_query_duration_seconds_count", { operation }) ?? 0) -
        (sampleValue(before, "db_query_duration_seconds_count", { operation }) ?? 0);
      expect(["select", "delete", "begin", "commit", "rollback"].map(added)).toEqual([1, 1, 1, 1, 0]);
    } finally {
      await db.close();
    }
  });
});
