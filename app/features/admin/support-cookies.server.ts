/**
 * The cookies of a support sign-in. While an administrator is signed in as
 * someone, their browser holds two sessions: the person's (better-auth's
 * session cookie, forgotten when the browser closes) and, set aside, the
 * administrator's own (`support_return`: HttpOnly, SameSite=Lax, Secure on
 * HTTPS, signed with the app's secret exactly as better-auth signs its
 * own). Stop, or the end of the person's session, gives the browser its
 * administrator back from it (./support-return.server.ts).
 */
import { type CookieOptions, parseSigned, serialize, serializeSigned } from "hono/utils/cookie";
import { z } from "zod";
import type { Auth } from "~/server/auth/auth.server";

/** better-auth's view of itself: its secret, cookies and session settings. */
export type AuthContext = Awaited<Auth["$context"]>;

/** One of better-auth's cookies: its name and attributes. */
type BetterAuthCookie = AuthContext["authCookies"]["sessionToken"];

/** What the set-aside cookie keeps: whose session it is, and the support sign-in it waits behind. */
const SetAside = z.object({
  /** The administrator's own session token. */
  token: z.string().min(1),
  /** The administrator and the person, as the trail names them (at the start). */
  admin: z.object({ id: z.string().min(1), email: z.string() }),
  target: z.object({ id: z.string().min(1), email: z.string() }),
  /** The support session (its id, never its token). */
  supportSessionId: z.string().min(1),
  /** When the hour is up (ms since the epoch). */
  endsAt: z.number(),
  /** The administrator's browser was told to forget them when it closes ("do not remember me"). */
  forgetful: z.boolean(),
});
export type SetAside = z.infer<typeof SetAside>;

/** Its name among better-auth's cookies (`better-auth.support_return`, `__Secure-` on HTTPS). */
const SET_ASIDE_COOKIE = "support_return";

/** better-call's cookie attributes as Hono's serializer spells them. */
function attributesOf({ attributes }: BetterAuthCookie, maxAge?: number): CookieOptions {
  const sameSite = attributes.sameSite?.toLowerCase() as "lax" | "strict" | "none" | undefined;
  return {
    path: attributes.path ?? "/",
    httpOnly: attributes.httpOnly ?? true,
    secure: attributes.secure ?? false,
    sameSite: sameSite === "none" ? "None" : sameSite === "strict" ? "Strict" : "Lax",
    ...(attributes.domain ? { domain: attributes.domain } : {}),
    ...(maxAge === undefined ? {} : { maxAge }),
  };
}

const setAsideCookie = (context: AuthContext) => context.createAuthCookie(SET_ASIDE_COOKIE);

/** The signed value of `name` in the request's cookies, when its signature holds. */
async function signedValue(context: AuthContext, headers: Headers, name: string): Promise<string | null> {
  const cookie = headers.get("cookie");
  if (!cookie?.includes(name)) return null;
  const value = (await parseSigned(cookie, context.secret, name))[name];
  return typeof value === "string" ? value : null;
}

/** The administrator's session this browser set aside, when its cookie is there and its signature holds. */
export async function readSetAside(context: AuthContext, headers: Headers): Promise<SetAside | null> {
  const value = await signedValue(context, headers, setAsideCookie(context).name);
  if (!value) return null;
  try {
    const parsed = SetAside.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether this browser was told to forget its session when it closes (better-auth's `dont_remember`). */
export async function isForgetful(context: AuthContext, headers: Headers): Promise<boolean> {
  const { name } = context.authCookies.dontRememberToken;
  return (await signedValue(context, headers, name)) === "true";
}

/** Sets the administrator's session aside in this browser, for as long as it may live. */
export function setAside(context: AuthContext, value: SetAside): Promise<string> {
  const cookie = setAsideCookie(context);
  const maxAge = context.sessionConfig.expiresIn;
  return serializeSigned(cookie.name, JSON.stringify(value), context.secret, attributesOf(cookie, maxAge));
}

/** Forgets the set-aside session (Stop, or once it is given back). */
export function clearSetAside(context: AuthContext): string {
  const cookie = setAsideCookie(context);
  return serialize(cookie.name, "", attributesOf(cookie, 0));
}

/**
 * The cookies that sign this browser in with the session `token`, as
 * better-auth's own `setSessionCookie` would: for `maxAge` seconds, or,
 * `forgetful`, until the browser closes (and then better-auth never
 * slides the session's expiry: a support session stays within its hour).
 */
export async function sessionCookies(
  context: AuthContext,
  token: string,
  { forgetful, maxAge }: { forgetful: boolean; maxAge?: number },
): Promise<string[]> {
  const { sessionToken, dontRememberToken } = context.authCookies;
  const lifetime = maxAge ?? (forgetful ? undefined : context.sessionConfig.expiresIn);
  return [
    await serializeSigned(sessionToken.name, token, context.secret, attributesOf(sessionToken, lifetime)),
    forgetful
      ? await serializeSigned(dontRememberToken.name, "true", context.secret, attributesOf(dontRememberToken))
      : serialize(dontRememberToken.name, "", attributesOf(dontRememberToken, 0)),
  ];
}

/** The cookies that sign this browser out of every session (Stop, when nothing can be given back). */
export function signedOutCookies(context: AuthContext): string[] {
  const { sessionToken, dontRememberToken } = context.authCookies;
  return [
    serialize(sessionToken.name, "", attributesOf(sessionToken, 0)),
    serialize(dontRememberToken.name, "", attributesOf(dontRememberToken, 0)),
    clearSetAside(context),
  ];
}
