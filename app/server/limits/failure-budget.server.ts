import { PASSWORD_FAILURES_BEFORE_BACKOFF } from "~/lib/constants";
import { createKeyStore } from "./key-store.server";

const PASSWORD_BACKOFF_FIRST_WAIT_SECONDS = 60;

const PASSWORD_BACKOFF_MAX_WAIT_SECONDS = 60 * 60;

const PASSWORD_FAILURES_FORGOTTEN_AFTER_SECONDS = 24 * 60 * 60;

/**
 * How failures add up: the first `free` cost nothing, then each one makes
 * the next attempt wait, twice as long as the one before (up to
 * `maxWaitSeconds`). A key is forgotten `forgetSeconds` after its last
 * failure. Unlike a fixed window, waiting never hands out a fresh batch of
 * guesses: an attacker who keeps going waits longer and longer.
 */
export type BackoffRule = {
  free: number;
  firstWaitSeconds: number;
  maxWaitSeconds: number;
  forgetSeconds: number;
};

export const PASSWORD_BACKOFF: BackoffRule = {
  free: PASSWORD_FAILURES_BEFORE_BACKOFF,
  firstWaitSeconds: PASSWORD_BACKOFF_FIRST_WAIT_SECONDS,
  maxWaitSeconds: PASSWORD_BACKOFF_MAX_WAIT_SECONDS,
  forgetSeconds: PASSWORD_FAILURES_FORGOTTEN_AFTER_SECONDS,
};

/** What a claimed attempt needs to be given back: the key, and the state it changed. */
export type Ticket = { key: string; at: number; previousAt: number };

export type Claim = { allowed: true; ticket: Ticket } | { allowed: false; retryAfterSeconds: number };

/**
 * A budget of failed attempts per key (an account, or one browser's
 * attempts at an account). An attempt is claimed before it is tried, so
 * that many attempts at once cannot all slip in before the first failure is
 * counted; one that succeeds is given back (`refund`), so only failures
 * count. `forget` clears a key (a browser that signed in, a password that
 * was reset).
 */
export interface FailureBudget {
  claim(key: string): Promise<Claim>;
  refund(ticket: Ticket): Promise<void>;
  forget(key: string): Promise<void>;
}

/** Milliseconds to wait after `failures` failures. */
export function backoffMs(failures: number, rule: BackoffRule): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxWaitSeconds, rule.firstWaitSeconds * 2 ** (failures - rule.free)) * 1000;
}

/** Whole seconds to wait until `until`, never less than one. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}

type Entry = { failures: number; at: number };

/**
 * The budget in this process's memory: one instance, and a restart forgets
 * it. `createRedisFailureBudget` shares the same rule between instances.
 * Its store is bounded (`createKeyStore`): a key in back-off is kept until
 * it is forgotten, keys with fewer failures make room first, and while the
 * store is full of keys in back-off a new key is refused.
 */
export function createMemoryFailureBudget(
  rule: BackoffRule = PASSWORD_BACKOFF,
  now: () => number = Date.now,
): FailureBudget {
  const forgetMs = rule.forgetSeconds * 1000;
  const entries = createKeyStore<Entry>((entry, at) => {
    if (entry.at + forgetMs <= at) return 0;
    return entry.failures >= rule.free ? null : entry.failures;
  });

  function current(key: string, at: number): Entry {
    const entry = entries.get(key);
    if (!entry || entry.at + forgetMs <= at) return { failures: 0, at: 0 };
    return entry;
  }

  return {
    async claim(key) {
      const at = now();
      const { failures, at: previousAt } = current(key, at);
      const until = previousAt + backoffMs(failures, rule);
      if (at < until) return { allowed: false, retryAfterSeconds: secondsUntil(until, at) };
      if (!entries.put(key, { failures: failures + 1, at }, at)) {
        return { allowed: false, retryAfterSeconds: rule.firstWaitSeconds };
      }
      return { allowed: true, ticket: { key, at, previousAt } };
    },
    async refund({ key, at, previousAt }) {
      const entry = entries.get(key);
      if (!entry) return;
      entry.failures = Math.max(0, entry.failures - 1);
      // Unless a later failure moved it, the wait runs from the last failure again.
      if (entry.at === at) entry.at = previousAt;
    },
    async forget(key) {
      entries.delete(key);
    },
  };
}
