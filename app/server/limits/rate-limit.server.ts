import { isIP } from "node:net";
import { normalizeIP } from "@better-auth/core/utils/ip";
import { APIError, isAPIError } from "better-auth/api";
import {
  AUTH_RATE_LIMIT_PER_IP,
  AUTH_RATE_LIMIT_WINDOW_SECONDS,
  CLIENT_IP_HEADER,
  MAIL_RATE_LIMIT_PER_ACCOUNT,
  PASSKEY_CHALLENGES_PER_IP_FACTOR,
} from "~/lib/constants";
import * as m from "../messages";
import { countRateLimitRefusal } from "../metrics.server";
import { say, type Words } from "../words.server";
import {
  type BackoffRule,
  createMemoryFailureBudget,
  type FailureBudget,
  PASSWORD_BACKOFF,
} from "./failure-budget.server";
import { createKeyStore } from "./key-store.server";

/** Sign-ups per email address per window. */
const AUTH_RATE_LIMIT_PER_ACCOUNT = 5;

/**
 * Wrong sign-up codes before back-off: per client IP, a fifth of the per-IP
 * limit (20 by default: four requests' worth); per address, two requests'
 * worth. Then the wrong-password back-off's waits (1 minute, 2, 4… up to an
 * hour, forgotten a day after the last). `sign-up-code-limits.server.ts`
 * says who is held to them.
 */
const signUpCodeBackoff = (free: number): BackoffRule => ({ ...PASSWORD_BACKOFF, free });
const SIGN_UP_WRONG_CODES_PER_ADDRESS = 10;
const SIGN_UP_WRONG_CODES_PER_IP_DIVISOR = 5;

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts attempts per key. The only thing callers rely on, so a shared store
 * (Redis `INCR` + `EXPIRE` on the same fixed window) can replace the
 * in-memory one when the app runs as several instances.
 */
export interface RateLimiter {
  hit(key: string): Promise<RateLimitResult>;
}

export type RateLimitRule = { max: number; windowSeconds: number };

/**
 * A limit declared next to what it limits (a feature's, say): at most `max`
 * hits per key per `windowSeconds`, counted apart from every other limit by
 * its `name`, in memory or in Redis like the rest (`AuthRateLimits.hit`).
 */
export type NamedLimit = RateLimitRule & { name: string };

type Counter = { count: number; resetAt: number };

/**
 * A fixed-window counter in this process's memory: at most `max` hits per
 * key per window; a refused hit does not count, so waiting out the window
 * always works. Fine for one instance; restarts forget the counts. Its
 * store is bounded (`createKeyStore`): a counter at its limit is kept
 * until its window ends, and while the store is full of such counters a
 * new key is refused.
 */
export function createMemoryRateLimiter(
  { max, windowSeconds }: RateLimitRule,
  now: () => number = Date.now,
): RateLimiter {
  const windowMs = windowSeconds * 1000;
  const counters = createKeyStore<Counter>((counter, at) => {
    if (counter.resetAt <= at) return 0;
    return counter.count >= max ? null : counter.count;
  });

  return {
    async hit(key) {
      const at = now();
      const counter = counters.get(key);
      if (!counter || counter.resetAt <= at) {
        const stored = counters.put(key, { count: 1, resetAt: at + windowMs }, at);
        return stored
          ? { allowed: true, retryAfterSeconds: 0 }
          : { allowed: false, retryAfterSeconds: windowSeconds };
      }
      if (counter.count >= max) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((counter.resetAt - at) / 1000)) };
      }
      counter.count += 1;
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}

/** The per-address budgets: sign-ups, and each kind of mail a form asks for. */
export type AddressKind = "sign-up" | "password-reset" | "verification-email";

export type AuthRateLimits = {
  /** Counts a sign-in, sign-up, passkey or provider attempt against its client IP. */
  ip(ip: string): Promise<RateLimitResult>;
  /**
   * Counts a sign-up or a mail against its email address, so flooding one
   * address from many IPs stops too. Callers check the IP first: an attempt
   * refused per IP never counts against an address.
   */
  address(kind: AddressKind, email: string): Promise<RateLimitResult>;
  /** Counts a passkey challenge handed to this client IP (each is a database row until it expires). */
  challenge(ip: string): Promise<RateLimitResult>;
  /** Counts a hit of `limit` against `key` (an account's id, say). */
  hit(limit: NamedLimit, key: string): Promise<RateLimitResult>;
  /** Wrong passwords per account, and per browser that signed in to it before, with back-off. */
  passwords: FailureBudget;
  /** Wrong sign-up codes per client IP (IPv6 by /64) and per email address, with back-off. */
  signUpCodes: { byClient: FailureBudget; byAddress: FailureBudget };
};

type AuthRateLimitOptions = {
  perIp?: number;
  perAccount?: number;
  mailsPerAccount?: number;
  windowSeconds?: number;
  createLimiter?: (rule: RateLimitRule) => RateLimiter;
  passwords?: FailureBudget;
  /** The store of the other failure budgets (sign-up codes'): in memory, or Redis like `passwords`. */
  createBudget?: (rule: BackoffRule) => FailureBudget;
};

/**
 * The sign-in limits: fixed windows per client IP (sign-in, sign-up,
 * passkey and provider attempts) and per email address (sign-ups and the
 * mails forms ask for); wrong passwords and wrong sign-up codes have their
 * own budgets with back-off (`passwords`, `signUpCodes`).
 */
export function createAuthRateLimits({
  perIp = AUTH_RATE_LIMIT_PER_IP,
  perAccount = AUTH_RATE_LIMIT_PER_ACCOUNT,
  mailsPerAccount = MAIL_RATE_LIMIT_PER_ACCOUNT,
  windowSeconds = AUTH_RATE_LIMIT_WINDOW_SECONDS,
  createLimiter = (rule) => createMemoryRateLimiter(rule),
  passwords = createMemoryFailureBudget(),
  createBudget = (rule) => createMemoryFailureBudget(rule),
}: AuthRateLimitOptions = {}): AuthRateLimits {
  const byIp = createLimiter({ max: perIp, windowSeconds });
  const challengesByIp = createLimiter({ max: perIp * PASSKEY_CHALLENGES_PER_IP_FACTOR, windowSeconds });
  const signUpsByAddress = createLimiter({ max: perAccount, windowSeconds });
  const mailsByAddress = createLimiter({ max: mailsPerAccount, windowSeconds });
  const codesByClient = createBudget(
    signUpCodeBackoff(Math.max(1, Math.floor(perIp / SIGN_UP_WRONG_CODES_PER_IP_DIVISOR))),
  );
  const codesByAddress = createBudget(signUpCodeBackoff(SIGN_UP_WRONG_CODES_PER_ADDRESS));
  const named = new Map<string, RateLimiter>();
  return {
    ip: (ip) => counted("ip", byIp.hit(`ip:${rateLimitKeyOf(ip)}`)),
    address: (kind, email) =>
      counted(
        kind,
        (kind === "sign-up" ? signUpsByAddress : mailsByAddress).hit(`${kind}:${addressKeyOf(email)}`),
      ),
    challenge: (ip) =>
      counted("passkey-challenge", challengesByIp.hit(`passkey-challenge:${rateLimitKeyOf(ip)}`)),
    hit: (limit, key) => {
      const limiter = named.get(limit.name) ?? createLimiter(limit);
      named.set(limit.name, limiter);
      return counted(limit.name, limiter.hit(`${limit.name}:${key}`));
    },
    passwords: countedBudget(WRONG_PASSWORD_LIMIT, passwords),
    signUpCodes: {
      byClient: countedBudget(SIGN_UP_CODE_CLIENT_LIMIT, codesByClient, (ip) => rateLimitKeyOf(ip)),
      byAddress: countedBudget(SIGN_UP_CODE_ADDRESS_LIMIT, codesByAddress, addressKeyOf),
    },
  };
}

/** The failure budgets' names in `rate_limit_refusals_total`: an account (or browser) waiting out its back-off… */
const WRONG_PASSWORD_LIMIT = "wrong-password";
/** …a client IP, or an email address, waiting out its back-off for wrong sign-up codes. */
const SIGN_UP_CODE_CLIENT_LIMIT = "sign-up-code-client";
const SIGN_UP_CODE_ADDRESS_LIMIT = "sign-up-code-address";

const addressKeyOf = (email: string) => email.trim().toLowerCase();

/**
 * `budget`, with a refused claim counted against `limit` in the metrics;
 * given `keyOf`, its keys are `limit:keyOf(key)`, apart from every other
 * budget's in a shared store.
 */
function countedBudget(limit: string, budget: FailureBudget, keyOf?: (key: string) => string): FailureBudget {
  const stored = (key: string) => (keyOf ? `${limit}:${keyOf(key)}` : key);
  return {
    ...budget,
    claim: async (key) => {
      const claim = await budget.claim(stored(key));
      if (!claim.allowed) countRateLimitRefusal(limit);
      return claim;
    },
    forget: (key) => budget.forget(stored(key)),
  };
}

/** `result`, with a refusal counted against `limit` in the metrics. */
async function counted(limit: string, result: Promise<RateLimitResult>): Promise<RateLimitResult> {
  const settled = await result;
  if (!settled.allowed) countRateLimitRefusal(limit);
  return settled;
}

/** The error code of a refusal for too many attempts, at every door. */
export const TOO_MANY_ATTEMPTS_CODE = "TOO_MANY_ATTEMPTS";

/** A refusal for too many attempts inside better-auth: `429` with `Retry-After`, for HTTP and `auth.api` callers alike. */
export function tooManyAttemptsError(retryAfterSeconds: number, what?: Words): APIError {
  return new APIError(
    "TOO_MANY_REQUESTS",
    { message: tooManyAttemptsMessage(retryAfterSeconds, what), code: TOO_MANY_ATTEMPTS_CODE },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/** The seconds a `429` from better-auth asks to wait (its `Retry-After`); null for any other error. */
export function retryAfterOf(error: unknown): number | null {
  if (!isAPIError(error) || error.statusCode !== 429) return null;
  const seconds = Number(new Headers(error.headers as HeadersInit).get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 1;
}

/** The client IP the HTTP edge resolved for this request (`server/client-ip.ts`). */
export function clientIpOf(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/**
 * The bucket of an address: IPv4 as is, IPv6 by its /64 network, since one
 * subscriber usually holds a whole /64 and could rotate through it.
 */
export function rateLimitKeyOf(ip: string): string {
  return isIP(ip) === 6 ? normalizeIP(ip, { ipv6Subnet: 64 }) : ip;
}

/**
 * What a refusal for too many attempts counts, as its sentence names it: a
 * message (`m.attemptsSignIn`), or the words a page or a feature passes
 * ("reset requests"), said in the reader's language when this knows them;
 * any other string as it is (a caller's own message, already in it).
 */
const ATTEMPTS: Record<string, () => string> = {
  "reset requests": m.attemptsResetRequests,
  "codes sent": m.attemptsCodesSent,
  tries: m.attemptsTries,
  "address changes": m.attemptsAddressChanges,
  invitations: m.attemptsInvitations,
  "new teams": m.attemptsNewTeams,
  downloads: m.attemptsDownloads,
  "admin actions": m.attemptsAdminActions,
  "support sign-ins": m.attemptsSupportSignIns,
};

const attemptsNamed = (what: Words): string =>
  typeof what === "string" && Object.hasOwn(ATTEMPTS, what) ? (ATTEMPTS[what] as () => string)() : say(what);

/** "Too many sign-in attempts. Try again in 7 minutes." for a refused attempt. */
export function tooManyAttemptsMessage(retryAfterSeconds: number, what: Words = m.attemptsSignIn): string {
  const attempts = attemptsNamed(what);
  return retryAfterSeconds < 60
    ? m.tooManyAttemptsSeconds({ what: attempts, seconds: retryAfterSeconds })
    : m.tooManyAttemptsMinutes({ what: attempts, minutes: Math.ceil(retryAfterSeconds / 60) });
}
