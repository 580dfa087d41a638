import { randomUUID } from "node:crypto";
import { SpanStatusCode } from "@opentelemetry/api";
import { describe, expect, test } from "vitest";
import { collectedSpans, parentOf, spanNamed } from "../../../tests/fixtures/collected-spans";
import { createRedisRateLimiter } from "../limits/redis-rate-limiter.server";
import { connectRedis } from "./redis.server";

const redisUrl = process.env.REDIS_URL || undefined;
const NO_REDIS = "needs Redis: set REDIS_URL (.ci/run does for its second run)";

/** A rate limit counted in Redis at `url` for an address, in a traced request; the spans it made. */
async function countedInRequest(url: string) {
  const { tracing, finished } = collectedSpans();
  const redis = connectRedis(url, () => {}, tracing);
  const address = `ada-${randomUUID()}@example.com`;
  const limiter = createRedisRateLimiter(redis, { max: 5, windowSeconds: 60 });
  await tracing.inRequest("POST", async () => {
    await limiter.hit(address);
    return { route: "/login", status: 302 };
  });
  // Outside any request: no span.
  await redis.client.ping().catch(() => {});
  redis.close();
  return { spans: await finished(), address };
}

test("a command to an unreachable Redis is a failed span of the request, named by the command", async () => {
  const { spans, address } = await countedInRequest("redis://127.0.0.1:1");
  const request = spanNamed(spans, "POST /login");
  const command = spanNamed(spans, "EVAL");
  expect(parentOf(command)).toBe(request.spanContext().spanId);
  expect(command.status.code).toBe(SpanStatusCode.ERROR);
  expect(spans.map((span) => span.name)).not.toContain("PING");
  expect(JSON.stringify(spans.map((span) => [span.attributes, span.events]))).not.toContain(address);
});

describe.skipIf(!redisUrl)(`with Redis${redisUrl ? "" : ` (${NO_REDIS})`}`, () => {
  test("each command of a request is its child, with the command's name and never its keys", async () => {
    const { spans, address } = await countedInRequest(redisUrl ?? "");
    const command = spanNamed(spans, "EVAL");
    expect(parentOf(command)).toBe(spanNamed(spans, "POST /login").spanContext().spanId);
    expect(command.attributes).toEqual({ "db.system.name": "redis", "db.operation.name": "EVAL" });
    expect(command.status.code).toBe(SpanStatusCode.UNSET);
    expect(spans.map((span) => span.name)).toEqual(["EVAL", "POST /login"]);
    expect(JSON.stringify(spans.map((span) => [span.attributes, span.events]))).not.toContain(address);
  });
});
