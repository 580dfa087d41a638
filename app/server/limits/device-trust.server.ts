import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AuthContext } from "better-auth";
import { parseCookies } from "better-auth/cookies";
import { z } from "zod";

/**
 * The device cookie (OWASP's device-cookie scheme): signed, `HttpOnly`, set
 * at every sign-in, naming the accounts this browser signed in to (at most
 * `DEVICE_COOKIE_MAX_ACCOUNTS`, the latest first). A browser holding it has
 * a failure budget of its own for those accounts, so a stranger's failures
 * never lock their owner out.
 */
const DEVICE_COOKIE_NAME = "device";

const DEVICE_COOKIE_MAX_ACCOUNTS = 10;

/**
 * OWASP's device cookie: a browser that signed in to an account before
 * carries a signed, `HttpOnly` cookie saying so, and its wrong passwords
 * for that account count against a budget of its own. A stranger trying
 * passwords from elsewhere exhausts the account's budget for unknown
 * browsers, never the owner's. The cookie holds a random device id and the
 * accounts (user ids) it signed in to; only the server can make one.
 */
export type DeviceTrust = { id: string; users: string[] };

const trustShape = z.object({
  id: z.string().min(1).max(64),
  users: z.array(z.string().min(1).max(255)).max(DEVICE_COOKIE_MAX_ACCOUNTS),
});

/** The HMAC of a cookie's payload, under a key of its own derived from the auth secret. */
function signatureOf(payload: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(`device-cookie:${payload}`).digest();
}

export function encodeDeviceTrust(trust: DeviceTrust, secret: string): string {
  const payload = Buffer.from(JSON.stringify(trust)).toString("base64url");
  return `${payload}.${signatureOf(payload, secret).toString("base64url")}`;
}

/** The trust a cookie value carries; null when it is missing, altered or malformed. */
export function decodeDeviceTrust(value: string | undefined, secret: string): DeviceTrust | null {
  const [payload, signature, ...rest] = (value ?? "").split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = signatureOf(payload, secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = trustShape.safeParse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type CookieContext = Pick<AuthContext, "createAuthCookie" | "secret">;

/** The device cookie's name and attributes (`__Secure-` prefix and `Secure` over HTTPS, like the session's). */
export function deviceCookie(context: CookieContext) {
  return context.createAuthCookie(DEVICE_COOKIE_NAME);
}

/** What this request's device cookie vouches for, when its signature holds. */
export function deviceTrustOf(context: CookieContext, headers: Headers | undefined): DeviceTrust | null {
  const value = parseCookies(headers?.get("cookie") ?? "").get(deviceCookie(context).name);
  return decodeDeviceTrust(value, context.secret);
}

/** The trust after this browser signed in to `userId`: its id kept (or a new one), that account first. */
export function trustAfterSignIn(trust: DeviceTrust | null, userId: string): DeviceTrust {
  return {
    id: trust?.id ?? randomBytes(16).toString("base64url"),
    users: [userId, ...(trust?.users ?? []).filter((user) => user !== userId)].slice(
      0,
      DEVICE_COOKIE_MAX_ACCOUNTS,
    ),
  };
}

/**
 * The failure budget a password attempt at an account counts against: this
 * browser's own when its device cookie names the account, else the
 * account's budget for every browser it does not know.
 */
export function passwordBudgetKey(
  trust: DeviceTrust | null,
  account: { email: string; userId: string | null },
): { key: string; trusted: boolean } {
  if (account.userId && trust?.users.includes(account.userId)) {
    return { key: `password:device:${trust.id}:${account.userId}`, trusted: true };
  }
  return { key: `password:account:${account.email.toLowerCase()}`, trusted: false };
}
