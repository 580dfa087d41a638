import { describe, expect, test } from "vitest";
import { type BackoffRule, backoffMs, type Claim, createMemoryFailureBudget } from "./failure-budget.server";

const RULE: BackoffRule = { free: 3, firstWaitSeconds: 60, maxWaitSeconds: 600, forgetSeconds: 86_400 };

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

const allowed = (claim: Claim) => claim.allowed;

describe("createMemoryFailureBudget", () => {
  test("the first failures are free, then each one doubles the wait, up to the maximum", async () => {
    const time = clock();
    const budget = createMemoryFailureBudget(RULE, time.now);
    for (let i = 0; i < 3; i += 1) expect(allowed(await budget.claim("a"))).toBe(true);
    // Three failures: the next attempt waits a minute, counted from the last failure.
    expect(await budget.claim("a")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    time.advance(60_000);
    expect(allowed(await budget.claim("a"))).toBe(true);
    expect(await budget.claim("a")).toEqual({ allowed: false, retryAfterSeconds: 120 });
    time.advance(120_000);
    expect(allowed(await budget.claim("a"))).toBe(true);
    expect(await budget.claim("a")).toEqual({ allowed: false, retryAfterSeconds: 240 });
    // Waiting out a wait never hands out a fresh batch of free attempts.
    time.advance(240_000);
    expect(allowed(await budget.claim("a"))).toBe(true);
    expect(allowed(await budget.claim("a"))).toBe(false);
    expect(backoffMs(20, RULE)).toBe(600_000);
  });

  test("a refunded attempt (a success) does not count, and does not move the wait", async () => {
    const time = clock();
    const budget = createMemoryFailureBudget(RULE, time.now);
    for (let i = 0; i < 10; i += 1) {
      const claim = await budget.claim("owner");
      if (!claim.allowed) throw new Error(`attempt ${i + 1} was refused`);
      await budget.refund(claim.ticket);
    }
    for (let i = 0; i < 3; i += 1) expect(allowed(await budget.claim("owner"))).toBe(true);
    time.advance(61_000);
    const success = await budget.claim("owner");
    if (!success.allowed) throw new Error("refused after the wait");
    await budget.refund(success.ticket);
    // Back to three failures, the last of them 61 s ago: no wait.
    expect(allowed(await budget.claim("owner"))).toBe(true);
  });

  test("attempts in flight count before they finish: a burst cannot slip past the budget", async () => {
    const budget = createMemoryFailureBudget(RULE, clock().now);
    const claims = await Promise.all(Array.from({ length: 20 }, () => budget.claim("burst")));
    expect(claims.filter(allowed)).toHaveLength(3);
  });

  test("keys are apart; forget clears one; failures are forgotten a day after the last", async () => {
    const time = clock();
    const budget = createMemoryFailureBudget(RULE, time.now);
    for (let i = 0; i < 3; i += 1) {
      await budget.claim("a");
      await budget.claim("b");
    }
    expect(allowed(await budget.claim("c"))).toBe(true);
    await budget.forget("a");
    expect(allowed(await budget.claim("a"))).toBe(true);
    expect(allowed(await budget.claim("b"))).toBe(false);
    time.advance(86_400_000);
    expect(allowed(await budget.claim("b"))).toBe(true);
  });
});
