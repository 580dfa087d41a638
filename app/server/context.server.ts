import type { Kysely } from "kysely";
import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "../../db/schema";
import type { AccountMail } from "./auth/account-mail.server";
import type { Auth, AuthSession } from "./auth/auth.server";
import type { Env } from "./env.server";
import type { AuthRateLimits } from "./limits/rate-limit.server";

/** What the HTTP edge hands every loader and action (`db` for the app's own tables, `mail` for account mails). */
export type AppServices = {
  env: Env;
  auth: Auth;
  rateLimits: AuthRateLimits;
  db: Kysely<Database>;
  mail: AccountMail;
};

/**
 * Set by the HTTP edge (server/app.ts) on every request. It is missing only
 * while React Router prerenders `/` at build time, which renders for a guest.
 */
export const servicesContext = createContext<AppServices | null>(null);

/**
 * Per-request facts from the edge: the CSP nonce for inline scripts, and the
 * request's id. A render kept for every guest (server/static-guest-pages.ts) has neither.
 */
export type RequestInfo = { nonce?: string; requestId?: string };
export const requestInfoContext = createContext<RequestInfo | null>(null);

/**
 * The request's session as better-auth has it (ids, dates), or `null` for a
 * guest: read once by the root middleware (`loadSession`), the only place it
 * is read. `requireUser(context)` gives it to a signed-in page's loader and
 * action; the browser gets only its public projection (`toSignedInSession`).
 */
export const sessionContext = createContext<AuthSession | null>(null);

/** The app's services, in a loader or action that only runs behind the HTTP edge. */
export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  const services = context.get(servicesContext);
  if (!services) throw new Error("This route needs a request from the HTTP edge; it cannot be prerendered");
  return services;
}
