/**
 * Who may open the console, asked first by every page and action under
 * `/admin`: anyone who is not an administrator gets the app's own `404`
 * (the console does not exist for them), a support sign-in gets `403`, and
 * an administrator without a second factor gets a `404` whose page says
 * to turn one on (no account data). Read from the database at each
 * request, never from the session: a role removed a second ago counts.
 */
import { data, type RouterContextProvider } from "react-router";
import type { AuthSession } from "~/server/auth/auth.server";
import { type AppServices, getServices, requestInfoContext, sessionContext } from "~/server/context.server";
import { secondFactorsOf } from "~/server/feature-hooks.server";
import { isImpersonated } from "~/server/session/impersonation.server";
import {
  administratorFacts,
  adminSettingsOf,
  isAdministrator,
  isListedAdministrator,
} from "./administrators.server";
import { rememberRequestId } from "./audit.server";
import * as m from "./messages";

/** The app's own 404, exactly as a path nobody claims answers it (routes/not-found.tsx). */
export const notFound = () => data(null, { status: 404, statusText: "Page Not Found" });

/** The administrator using the console: their session, and whether `ADMIN_EMAILS` lists them. */
export type Administrator = { signedIn: AuthSession; id: string; email: string; listed: boolean };

export type ConsoleAccess =
  | { open: true; admin: Administrator; services: AppServices }
  | { open: false; reason: "needs-second-factor" };

/** Throws the `404` (or `403`) when the console is not open to this request; else says whether a second factor is missing. */
export async function consoleAccess(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<ConsoleAccess> {
  const signedIn = context.get(sessionContext);
  if (!signedIn) throw notFound();
  if (isImpersonated(signedIn.session)) {
    throw data(m.consoleClosedWhileSupporting(), {
      status: 403,
      statusText: "Forbidden",
    });
  }
  const services = getServices(context);
  const facts = await administratorFacts(services.db, signedIn.user.id);
  const settings = adminSettingsOf(services.env);
  if (!facts || !isAdministrator(settings, facts)) throw notFound();
  if ((await secondFactorsOf(services.db, facts.id)).length === 0)
    return { open: false, reason: "needs-second-factor" };
  rememberRequestId(request, context.get(requestInfoContext)?.requestId);
  const admin = {
    signedIn,
    id: facts.id,
    email: facts.email,
    listed: isListedAdministrator(settings, facts),
  };
  return { open: true, admin, services };
}

/** For an action: the console open to this administrator, or the `404` (a second factor missing too: nothing changes). */
export async function requireConsole(context: Readonly<RouterContextProvider>, request: Request) {
  const access = await consoleAccess(context, request);
  if (!access.open) throw notFound();
  return access;
}
