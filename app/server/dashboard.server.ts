import { redirect } from "react-router";
import { DEFAULT_SIGNED_IN_PATH, SESSION_FRESH_AGE_SECONDS } from "~/lib/constants";
import { signInPathFor } from "~/lib/redirect";
import { listRecentActivity } from "./activity.server";
import type { AuthSession } from "./auth.server";
import type { AppServices } from "./context.server";
import { listPasskeys } from "./passkeys.server";
import { providerLinks } from "./provider-links.server";
import { listActiveSessions } from "./sessions.server";
import { listAccounts, waysInOf } from "./sign-in-methods.server";
import { listSignInProviders } from "./sign-in-providers.server";

/** The signed-in person's session as better-auth has it (with ids and dates the page needs). */
export async function currentSession({ auth }: Pick<AppServices, "auth">, headers: Headers) {
  const found = await auth.api.getSession({ headers, query: { disableRefresh: true } });
  // The guard let this request in a moment ago; a session revoked since is simply signed out.
  if (!found) throw redirect(signInPathFor(DEFAULT_SIGNED_IN_PATH));
  return found;
}

/**
 * Everything the dashboard shows, read on the server in one go (the page
 * makes no requests of its own): the person, their sessions, their ways to
 * sign in, passkeys and recent activity. `signedIn` is the session the root
 * middleware read for this request: it is not looked up again.
 */
export async function loadDashboard(services: AppServices, signedIn: AuthSession) {
  const { env, db } = services;
  const { user, session } = signedIn;
  const offered = listSignInProviders(env.providers);
  const methodNames: Record<string, string> = {
    password: "password",
    passkey: "a passkey",
    ...Object.fromEntries(offered.map((provider) => [provider.id, provider.name])),
  };
  const [sessions, accounts, passkeys, activity] = await Promise.all([
    listActiveSessions(db, user.id, session.id),
    listAccounts(db, user.id),
    listPasskeys(db, user.id),
    listRecentActivity(db, user.id, (method) => methodNames[method] ?? method),
  ]);
  // The passkeys listed are the ones counted: no second query to count them.
  const ways = waysInOf(
    accounts,
    passkeys.length,
    offered.map((provider) => provider.id),
  );
  const signedInAt = new Date(session.createdAt);
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: Boolean(user.emailVerified),
      image: user.image ?? undefined,
      memberSince: new Date(user.createdAt).toISOString(),
    },
    signedInAt: signedInAt.toISOString(),
    /** Until when this sign-in is fresh enough to delete a password-less account or unlink a provider. */
    freshUntil: new Date(signedInAt.getTime() + SESSION_FRESH_AGE_SECONDS * 1000).toISOString(),
    sessions,
    passkeys,
    activity,
    hasPassword: ways.password,
    providers: providerLinks(offered, accounts),
    waysIn: (ways.password ? 1 : 0) + ways.providers.length + ways.passkeys,
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
