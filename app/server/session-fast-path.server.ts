import { createHmac, timingSafeEqual } from "node:crypto";
import { parse } from "hono/utils/cookie";
import type { Auth, AuthSession } from "./auth.server";

/** better-call's signed cookie: `{value}.{base64 HMAC-SHA256}`, the signature always 44 characters. */
const SIGNATURE_LENGTH = 44;

/** The token a signed cookie value carries when its signature is ours, else null. */
export function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  const signature = Buffer.from(signedValue.slice(dot + 1));
  if (signature.length !== SIGNATURE_LENGTH) return null;
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return timingSafeEqual(signature, expected) ? token : null;
}

/**
 * The common case of reading a session, without better-auth's endpoint
 * machinery (its request context, every plugin's hooks, WebCrypto): the
 * cookie's signature checked with the same HMAC and secret, then
 * better-auth's own lookup, one indexed query joining the user.
 *
 * `undefined` means "ask better-auth": no or a bad cookie, a session missing
 * or expired (better-auth clears the cookie and deletes the row), one due
 * to slide its expiry (better-auth writes it and sends the new cookie), "do
 * not remember me", or a leftover cookie cache. So the answers and the
 * writes stay better-auth's; only the read that changes nothing is ours.
 */
export async function readSessionDirectly(auth: Auth, headers: Headers): Promise<AuthSession | undefined> {
  const context = await auth.$context;
  const cookies = parse(headers.get("cookie") ?? "");
  const { sessionToken, sessionData, dontRememberToken } = context.authCookies;
  const signed = cookies[sessionToken.name];
  if (!signed || cookies[sessionData.name] || cookies[dontRememberToken.name]) return undefined;
  const token = verifiedToken(signed, context.secret);
  if (!token) return undefined;
  const found = await context.internalAdapter.findSession(token);
  if (!found) return undefined;
  const expiresAt = new Date(found.session.expiresAt).getTime();
  const { expiresIn, updateAge } = context.sessionConfig;
  const dueToSlide = expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now();
  if (expiresAt <= Date.now() || dueToSlide) return undefined;
  return found as AuthSession;
}
