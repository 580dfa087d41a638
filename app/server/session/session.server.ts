import type { PublicSession, SignedInSession } from "~/lib/session";
import type { Auth, AuthSession } from "../auth/auth.server";
import type { AppServices } from "../context.server";
import { restoredSession } from "../feature-hooks.server";
import { readSessionDirectly } from "./fast-path.server";
import { isImpersonated } from "./impersonation.server";

/**
 * Reads the signed-in session from a request's cookie. A missing, tampered,
 * truncated, expired or revoked cookie is simply "signed out" (`null`).
 * `setCookie` carries the refreshed cookie when better-auth slid the expiry.
 * Without a session, a feature may give back one this browser set aside
 * (`AuthExtensions.restoreSession`: an administrator's, when a support
 * sign-in ends), whose cookie then replaces the one better-auth cleared.
 */
export async function readSession(
  { auth, db }: Pick<AppServices, "auth" | "db">,
  headers: Headers,
): Promise<{ session: AuthSession | null; setCookie: string[] }> {
  const direct = await readSessionDirectly({ auth, db }, headers);
  const result = direct ? undefined : await auth.api.getSession({ headers, returnHeaders: true });
  const setCookie = result?.headers.getSetCookie() ?? [];
  const session = direct ?? result?.response ?? null;
  if (session) return { session, setCookie };
  return (await restoredSession({ auth, db }, headers)) ?? { session: null, setCookie };
}

/** Whether this request's session, if any, is an administrator's in the person's place. */
export function isImpersonatedSession(signedIn: AuthSession | null): boolean {
  return signedIn !== null && isImpersonated(signedIn.session);
}

/**
 * The session as the browser may see it: the person and when they
 * signed in, nothing of the session's ids or token. The one projection, for
 * the root loader and `GET /api/_auth/session`.
 */
export function toSignedInSession(session: AuthSession | null): SignedInSession | null {
  if (!session) return null;
  const { user } = session;
  return {
    user: {
      id: String(user.id),
      name: user.name,
      email: user.email,
      ...(user.image ? { image: user.image } : {}),
    },
    loggedInAt: new Date(session.session.createdAt).toISOString(),
  };
}

/** The JSON body of `GET /api/_auth/session`: `{}` for a guest. */
export function toPublicSession(session: AuthSession | null): PublicSession {
  return toSignedInSession(session) ?? {};
}

/**
 * Signs out: deletes the request's session from the database, then returns
 * the `Set-Cookie` headers that clear the cookie. The delete is done here,
 * not left to better-auth's sign-out, which logs a failed delete and answers
 * success anyway: a sign-out that did not revoke must fail loudly (503).
 */
export async function signOut(auth: Auth, headers: Headers): Promise<string[]> {
  const current = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
  if (current) await (await auth.$context).internalAdapter.deleteSession(current.session.token);
  const cleared = await auth.api.signOut({ headers, returnHeaders: true });
  return cleared.headers.getSetCookie();
}
