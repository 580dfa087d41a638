/**
 * How a support sign-in ends and the browser gets its administrator back:
 * Stop (the banner's form), or, once the person's session is gone (the
 * hour was up, or it was signed out: logging out ends a support sign-in
 * as Stop does), at the browser's next request (`restoreSession`). And
 * the trail of every action let through meanwhile (`onSupportAction`).
 * A forged or stale set-aside cookie gives nothing back.
 */
import { DEFAULT_SIGNED_IN_PATH, SIGN_IN_PATH } from "~/lib/constants";
import type { AuthSession } from "~/server/auth/auth.server";
import type { AuthExtensions } from "~/server/auth/auth-extensions";
import type { AppServices } from "~/server/context.server";
import { writeAudit } from "./audit.server";
import { adminAccountPath } from "./constants";
import {
  type AuthContext,
  clearSetAside,
  readSetAside,
  type SetAside,
  sessionCookies,
  signedOutCookies,
} from "./support-cookies.server";
import {
  administratorSession,
  endSupportSignIn,
  impersonatorOf,
  trailPerson,
} from "./support-sessions.server";

/** The cookies that sign the browser back in as its administrator, and forget the set-aside one. */
async function givenBack(context: AuthContext, setAside: SetAside): Promise<string[]> {
  return [
    ...(await sessionCookies(context, setAside.token, { forgetful: setAside.forgetful })),
    clearSetAside(context),
  ];
}

/**
 * `AuthExtensions.restoreSession`: the request has no live session, and the
 * browser set an administrator's aside. The support sign-in it waited
 * behind has ended: the trail says so (once), its session goes if still
 * there, and the administrator's own session is given back when it may be.
 */
export const restoreSession: NonNullable<AuthExtensions["restoreSession"]> = async (services, headers) => {
  const { auth, db } = services;
  const context = await auth.$context;
  const setAside = await readSetAside(context, headers);
  if (!setAside) return null;
  const support = await db
    .selectFrom("session")
    .select("impersonatedBy")
    .where("id", "=", setAside.supportSessionId)
    .executeTakeFirst();
  // Only the administrator who started it gets a browser back from it.
  if (support && support.impersonatedBy !== setAside.admin.id) return null;
  await endSupportSignIn(db, { headers }, { ...setAside, endsAt: new Date(setAside.endsAt) }, "expired");
  const session = await administratorSession(services, setAside);
  return session ? { session, setCookie: await givenBack(context, setAside) } : null;
};

/** Where Stop sends the browser, and the cookies it sets. */
export type StopAnswer = { location: string; setCookie: string[] };

/**
 * Stop: ends the request's support sign-in (its session is deleted, the
 * trail gets `support-sign-in-stop`) and gives the browser back to the
 * administrator who started it, on the person's console page. Their
 * session given back only as `restoreSession` would; else the browser is
 * simply signed out. With no support sign-in going (it ended a moment
 * ago, and this very request already gave the administrator back), it
 * goes where that leaves the browser.
 */
export async function stopSupportSignIn(
  { auth, db }: Pick<AppServices, "auth" | "db">,
  request: Request,
  signedIn: AuthSession | null,
): Promise<StopAnswer> {
  const context = await auth.$context;
  const setAside = await readSetAside(context, request.headers);
  const adminId = signedIn ? impersonatorOf(signedIn.session) : null;
  if (!signedIn || !adminId) {
    if (setAside && signedIn?.user.id === setAside.admin.id)
      return { location: adminAccountPath(setAside.target.id), setCookie: [] };
    return { location: signedIn ? DEFAULT_SIGNED_IN_PATH : "/", setCookie: [] };
  }
  const { session, user } = signedIn;
  const ours = setAside?.supportSessionId === session.id && setAside.admin.id === adminId ? setAside : null;
  const target = { id: user.id, email: user.email };
  const admin = await trailPerson(db, adminId, ours?.admin);
  await endSupportSignIn(
    db,
    request,
    { supportSessionId: session.id, admin, target, endsAt: session.expiresAt },
    "stop",
  );
  const back = ours && (await administratorSession({ auth, db }, ours));
  if (!ours || !back) return { location: SIGN_IN_PATH, setCookie: signedOutCookies(context) };
  return { location: adminAccountPath(user.id), setCookie: await givenBack(context, ours) };
}

/** `AuthExtensions.onSupportAction`: an action let through in the person's place, in the trail by its name. */
export const recordSupportAction: NonNullable<AuthExtensions["onSupportAction"]> = async (
  { db },
  { action, signedIn, request },
) => {
  const adminId = impersonatorOf(signedIn.session);
  if (!adminId) return;
  const target = { id: signedIn.user.id, email: signedIn.user.email };
  await writeAudit(db, request, {
    action: "support-action",
    admin: await trailPerson(db, adminId),
    target,
    detail: action,
  });
};
