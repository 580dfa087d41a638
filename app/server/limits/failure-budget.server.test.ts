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

describe("a full budget never forgets a key in back-off", () => {
  // The store's capacity: past it, keys must make room for new ones.
  const CAPACITY = 100_000;

  test("fresh keys make room by forgetting keys without failures first, never a key in back-off", async () => {
    const time = clock();
    const budget = createMemoryFailureBudget(RULE, time.now);
    for (let i = 0; i < 3; i += 1) await budget.claim("victim");
    expect(allowed(await budget.claim("victim"))).toBe(false);
    // Two failures: not in back-off yet, but more to lose than a fresh key's one.
    for (let i = 0; i < 2; i += 1) await budget.claim("almost");
    // An attacker cycles fresh addresses, one failure each, to push those keys out.
    for (let i = 0; i < CAPACITY + 10; i += 1) await budget.claim(`fresh-${i}`);
    expect(await budget.claim("victim")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(allowed(await budget.claim("almost"))).toBe(true);
    expect(allowed(await budget.claim("almost"))).toBe(false);
  });

  test("a budget full of keys in back-off refuses new keys, and keeps counting the old ones", async () => {
    const time = clock();
    const budget = createMemoryFailureBudget(RULE, time.now);
    for (let i = 0; i < CAPACITY; i += 1) {
      for (let failure = 0; failure < 3; failure += 1) await budget.claim(`key-${i}`);
    }
    expect(allowed(await budget.claim("new"))).toBe(false);
    expect(await budget.claim("key-0")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    // Forgetting one (a password reset) makes room.
    await budget.forget("key-1");
    expect(allowed(await budget.claim("new"))).toBe(true);
  });
});
