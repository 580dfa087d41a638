import { isIP } from "node:net";
import { normalizeIP } from "@better-auth/core/utils/ip";
import {
  AUTH_RATE_LIMIT_PER_ACCOUNT,
  AUTH_RATE_LIMIT_PER_IP,
  AUTH_RATE_LIMIT_WINDOW_SECONDS,
  CLIENT_IP_HEADER,
  MAIL_RATE_LIMIT_PER_ACCOUNT,
} from "~/lib/constants";

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

type Counter = { count: number; resetAt: number };

/** Past this many keys, expired counters are dropped, then the oldest ones. */
const MAX_KEYS = 100_000;

/**
 * A fixed-window counter in this process's memory: at most `max` hits per
 * key per window; a refused hit does not count, so waiting out the window
 * always works. Fine for one instance; restarts forget the counts.
 */
export function createMemoryRateLimiter(
  { max, windowSeconds }: RateLimitRule,
  now: () => number = Date.now,
): RateLimiter {
  const counters = new Map<string, Counter>();
  const windowMs = windowSeconds * 1000;

  function prune(at: number) {
    for (const [key, counter] of counters) if (counter.resetAt <= at) counters.delete(key);
    for (const key of counters.keys()) {
      if (counters.size <= MAX_KEYS) break;
      counters.delete(key);
    }
  }

  return {
    async hit(key) {
      const at = now();
      const counter = counters.get(key);
      if (!counter || counter.resetAt <= at) {
        if (counters.size >= MAX_KEYS) prune(at);
        counters.set(key, { count: 1, resetAt: at + windowMs });
        return { allowed: true, retryAfterSeconds: 0 };
      }
      if (counter.count >= max) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((counter.resetAt - at) / 1000)) };
      }
      counter.count += 1;
      return { allowed: true, retryAfterSeconds: 0 };
    },
  };
}

export type AuthAttempt = {
  /** The client IP the HTTP edge resolved. */
  ip: string;
  /** The email address a password sign-in or a sign-up is about. */
  account?: string;
  /**
   * Which per-account budget the attempt uses: signing in and signing up
   * count apart, and so does each kind of mail a form asks for (a password
   * reset, another verification link), with a smaller budget.
   */
  kind?: AttemptKind;
};

type AttemptKind = "sign-in" | "sign-up" | MailKind;
type MailKind = "password-reset" | "verification-email";
const MAIL_KINDS = new Set<AttemptKind>(["password-reset", "verification-email"]);

export type AuthRateLimits = { check(attempt: AuthAttempt): Promise<RateLimitResult> };

type AuthRateLimitOptions = {
  perIp?: number;
  perAccount?: number;
  mailsPerAccount?: number;
  windowSeconds?: number;
  createLimiter?: (rule: RateLimitRule) => RateLimiter;
};

/**
 * The sign-in limits (SPEC §4): every attempt counts against its client IP;
 * an attempt that names an account (password sign-in, sign-up) also counts
 * against that email address, so guessing one person's password from many
 * addresses stops too. An attempt refused per IP is not counted against the
 * account, so a blocked attacker cannot keep an account locked from there.
 */
export function createAuthRateLimits({
  perIp = AUTH_RATE_LIMIT_PER_IP,
  perAccount = AUTH_RATE_LIMIT_PER_ACCOUNT,
  mailsPerAccount = MAIL_RATE_LIMIT_PER_ACCOUNT,
  windowSeconds = AUTH_RATE_LIMIT_WINDOW_SECONDS,
  createLimiter = (rule) => createMemoryRateLimiter(rule),
}: AuthRateLimitOptions = {}): AuthRateLimits {
  const byIp = createLimiter({ max: perIp, windowSeconds });
  const byAccount = createLimiter({ max: perAccount, windowSeconds });
  const mailsByAccount = createLimiter({ max: mailsPerAccount, windowSeconds });
  return {
    async check({ ip, account, kind = "sign-in" }) {
      const forIp = await byIp.hit(`ip:${rateLimitKeyOf(ip)}`);
      if (!forIp.allowed || !account) return forIp;
      const limiter = MAIL_KINDS.has(kind) ? mailsByAccount : byAccount;
      return limiter.hit(`${kind}:${account.trim().toLowerCase()}`);
    },
  };
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

/** "Too many sign-in attempts. Try again in 7 minutes." for a refused attempt. */
export function tooManyAttemptsMessage(retryAfterSeconds: number, what = "sign-in attempts"): string {
  const wait =
    retryAfterSeconds < 60
      ? plural(retryAfterSeconds, "second")
      : plural(Math.ceil(retryAfterSeconds / 60), "minute");
  return `Too many ${what}. Try again in ${wait}.`;
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}
