import { describe, expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { PASSKEY_CHALLENGES_PER_IP_FACTOR } from "~/lib/constants";
import {
  createAuthRateLimits,
  createMemoryRateLimiter,
  rateLimitKeyOf,
  tooManyAttemptsMessage,
} from "./rate-limit.server";

function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("createMemoryRateLimiter", () => {
  test("allows max hits per window, then refuses with the seconds left", async () => {
    const time = clock();
    const limiter = createMemoryRateLimiter({ max: 3, windowSeconds: 60 }, time.now);
    for (let i = 0; i < 3; i += 1)
      expect(await limiter.hit("a")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    time.advance(15_500);
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
  });

  test("counts each key on its own", async () => {
    const limiter = createMemoryRateLimiter({ max: 1, windowSeconds: 60 }, clock().now);
    expect((await limiter.hit("a")).allowed).toBe(true);
    expect((await limiter.hit("b")).allowed).toBe(true);
    expect((await limiter.hit("a")).allowed).toBe(false);
  });

  test("starts afresh once the window is over, however often it was refused", async () => {
    const time = clock();
    const limiter = createMemoryRateLimiter({ max: 2, windowSeconds: 60 }, time.now);
    await limiter.hit("a");
    await limiter.hit("a");
    for (let i = 0; i < 10; i += 1) {
      time.advance(5_000);
      expect((await limiter.hit("a")).allowed).toBe(false);
    }
    time.advance(10_000);
    expect(await limiter.hit("a")).toEqual({ allowed: true, retryAfterSeconds: 0 });
  });

  test("never asks to wait less than a second", async () => {
    const time = clock();
    const limiter = createMemoryRateLimiter({ max: 1, windowSeconds: 1 }, time.now);
    await limiter.hit("a");
    time.advance(999);
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
});

describe("a full store never forgets a key over its limit", () => {
  // The store's capacity: past it, keys must make room for new ones.
  const CAPACITY = 100_000;

  test("fresh keys make room by forgetting keys under their limit, never the refused one", async () => {
    const time = clock();
    const limiter = createMemoryRateLimiter({ max: 2, windowSeconds: 600 }, time.now);
    for (let i = 0; i < 2; i += 1) await limiter.hit("victim");
    expect((await limiter.hit("victim")).allowed).toBe(false);
    // An attacker cycles fresh addresses to push the refused key out.
    for (let i = 0; i < CAPACITY + 10; i += 1) await limiter.hit(`fresh-${i}`);
    time.advance(1_000);
    expect(await limiter.hit("victim")).toEqual({ allowed: false, retryAfterSeconds: 599 });
  });

  test("a store full of refused keys refuses new keys until their windows end, and keeps the old ones", async () => {
    const time = clock();
    // A limit of one hit: every key is over its limit at once.
    const limiter = createMemoryRateLimiter({ max: 1, windowSeconds: 60 }, time.now);
    for (let i = 0; i < CAPACITY; i += 1) await limiter.hit(`used-${i}`);
    expect((await limiter.hit("new")).allowed).toBe(false);
    expect((await limiter.hit("used-0")).allowed).toBe(false);
    time.advance(60_000);
    expect((await limiter.hit("new")).allowed).toBe(true);
  });
});

describe("createAuthRateLimits", () => {
  const limits = (time = clock()) =>
    createAuthRateLimits({
      perIp: 5,
      perAccount: 2,
      mailsPerAccount: 1,
      windowSeconds: 600,
      createLimiter: (rule) => createMemoryRateLimiter(rule, time.now),
    });

  test("limits sign-ups of one address, however written, across many IPs", async () => {
    const auth = limits();
    expect((await auth.address("sign-up", "ada@example.com")).allowed).toBe(true);
    expect((await auth.address("sign-up", "ADA@example.com ")).allowed).toBe(true);
    expect(await auth.address("sign-up", "ada@example.com")).toEqual({
      allowed: false,
      retryAfterSeconds: 600,
    });
    expect((await auth.address("sign-up", "grace@example.com")).allowed).toBe(true);
  });

  test("each kind of mail has its own per-address budget, apart from sign-ups", async () => {
    const auth = limits();
    expect((await auth.address("password-reset", "ada@example.com")).allowed).toBe(true);
    expect((await auth.address("password-reset", "ada@example.com")).allowed).toBe(false);
    expect((await auth.address("verification-email", "ada@example.com")).allowed).toBe(true);
    expect((await auth.address("sign-up", "ada@example.com")).allowed).toBe(true);
    expect(tooManyAttemptsMessage(600, "reset requests")).toBe(
      "Too many reset requests. Try again in 10 minutes.",
    );
  });

  test("limits one client IP, and passkey challenges per IP apart, with a larger budget", async () => {
    const auth = limits();
    for (let i = 0; i < 5; i += 1) expect((await auth.ip("192.0.2.1")).allowed).toBe(true);
    expect((await auth.ip("192.0.2.1")).allowed).toBe(false);
    expect((await auth.ip("192.0.2.2")).allowed).toBe(true);
    for (let i = 0; i < 5 * PASSKEY_CHALLENGES_PER_IP_FACTOR; i += 1) {
      expect((await auth.challenge("192.0.2.1")).allowed).toBe(true);
    }
    expect((await auth.challenge("192.0.2.1")).allowed).toBe(false);
  });
});

test("rateLimitKeyOf keeps IPv4 addresses and groups IPv6 by /64", () => {
  expect(rateLimitKeyOf("203.0.113.7")).toBe("203.0.113.7");
  expect(rateLimitKeyOf("2001:db8:1:2:aaaa::1")).toBe(rateLimitKeyOf("2001:db8:1:2:bbbb::9"));
  expect(rateLimitKeyOf("2001:db8:1:2::1")).not.toBe(rateLimitKeyOf("2001:db8:1:3::1"));
});

test("one IPv6 network shares its budget", async () => {
  const auth = createAuthRateLimits({ perIp: 1, perAccount: 5, windowSeconds: 60 });
  expect((await auth.ip("2001:db8:1:2::1")).allowed).toBe(true);
  expect((await auth.ip("2001:db8:1:2::ffff")).allowed).toBe(false);
});

test.each([
  [1, "Too many sign-in attempts. Try again in 1 second."],
  [45, "Too many sign-in attempts. Try again in 45 seconds."],
  [60, "Too many sign-in attempts. Try again in 1 minute."],
  [61, "Too many sign-in attempts. Try again in 2 minutes."],
  [600, "Too many sign-in attempts. Try again in 10 minutes."],
])("tooManyAttemptsMessage(%i)", (seconds, message) => {
  expect(tooManyAttemptsMessage(seconds)).toBe(message);
});

test("in German, the refusal is one German sentence, with the words of the limit and the wait", () => {
  expect(inLocale("de", () => tooManyAttemptsMessage(1))).toBe(
    "Zu viele Anmeldeversuche. Versuchen Sie es in 1 Sekunde erneut.",
  );
  expect(inLocale("de", () => tooManyAttemptsMessage(600, "reset requests"))).toBe(
    "Zu viele Anfragen zum Zurücksetzen. Versuchen Sie es in 10 Minuten erneut.",
  );
  // A caller's message, called in the reader's language.
  expect(inLocale("de", () => tooManyAttemptsMessage(60, () => "Versuche"))).toBe(
    "Zu viele Versuche. Versuchen Sie es in 1 Minute erneut.",
  );
});

test("a long wait is written as before, without a thousands separator", () => {
  expect(tooManyAttemptsMessage(86_400, "new teams")).toBe("Too many new teams. Try again in 1440 minutes.");
});
