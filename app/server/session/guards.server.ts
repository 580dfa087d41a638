import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { preferAccountLocale } from "~/i18n/locale.server";
import { DEFAULT_SIGNED_IN_PATH, REDIRECT_PARAM } from "~/lib/constants";
import { safeRedirect, signInPathFor } from "~/lib/redirect";
import { withCookies } from "../action-kit.server";
import type { AuthSession } from "../auth/auth.server";
import { servicesContext, sessionContext } from "../context.server";
import { readSession } from "./session.server";

/**
 * Root middleware: reads the session once per request (document or data
 * request) so every loader and guard below sees the same answer, and passes
 * on a refreshed cookie when the session's expiry slid forward.
 */
export const loadSession: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  if (!services) return next(); // Prerendering at build time: a guest's page.
  // Never "signed out" by accident: a page that cannot know who is asking says so (a 503, as
  // every middleware, loader and action answers an outage: answerOutagesWith503).
  const { session, setCookie } = await readSession(services, request.headers);
  context.set(sessionContext, session);
  // Their saved language wins over the browser's cookie and languages.
  if (session) preferAccountLocale(session.user.locale);
  const response = await next();
  // A cookie the answer sets itself wins: a sign-in from a browser still holding a revoked
  // session's cookie sets the new session, and clearing the old one must not undo it.
  const setByAnswer = new Set(response.headers.getSetCookie().map(cookieName));
  withCookies(
    setCookie.filter((cookie) => !setByAnswer.has(cookieName(cookie))),
    response.headers,
  );
  // A signed-in page is for this person only: no shared caches, and no
  // copy for the Back button to show after they sign out.
  if (session && !response.headers.has("Cache-Control")) {
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
};

/** The name a `Set-Cookie` value sets. */
const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("="));

/** Guard for signed-in pages: guests go to `/login?redirect={where they were}`. */
export const signedInOnly: MiddlewareFunction<Response> = ({ request, context }) => {
  if (context.get(sessionContext)) return;
  const url = new URL(request.url);
  throw redirect(signInPathFor(pathOf(url)));
};

/** Guard for guest pages: signed-in people go on to their redirect target. */
export const guestsOnly: MiddlewareFunction<Response> = ({ request, context }) => {
  if (!context.get(sessionContext)) return;
  const url = new URL(request.url);
  throw redirect(safeRedirect(url.searchParams.get(REDIRECT_PARAM)));
};

/**
 * The signed-in person and their session, for a loader or action of a page
 * behind `signedInOnly`: the one read the root middleware made, never a
 * second. Outside such a page a guest is sent to sign in, not let through.
 */
export function requireUser(context: Readonly<RouterContextProvider>): AuthSession {
  const session = context.get(sessionContext);
  if (!session) throw redirect(signInPathFor(DEFAULT_SIGNED_IN_PATH));
  return session;
}

/** Data requests (`/dashboard.data`) guard the page they load, not the `.data` URL. */
function pathOf(url: URL): string {
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_$/, "/") || "/";
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
