import { serverFeatures } from "~/features/server.server";
import { ACTIVITY_SHOWN, SESSION_FRESH_AGE_SECONDS } from "~/lib/constants";
import type { DashboardData, LinkedAccount } from "~/lib/dashboard";
import { listRecentActivity } from "../auth/activity.server";
import type { AuthSession } from "../auth/auth.server";
import { countWaysIn, readWaysIn } from "../auth/sign-in-methods.server";
import type { AppServices } from "../context.server";
import { compiledQuery } from "../db/compiled-query.server";
import { featureEndpoints, signInAccounts, signInStep } from "../feature-hooks.server";
import * as m from "../messages";
import { listActiveSessions } from "../session/sessions.server";
import { say } from "../words.server";

const emailChangedAtOf = compiledQuery((db, userId: string) =>
  db.selectFrom("user").select("emailChangedAt").where("id", "=", userId),
);

/**
 * Everything the dashboard shows, read on the server in one go (the page
 * makes no requests of its own): the person, their sessions, their ways to
 * sign in, recent activity and what each feature's section shows. `signedIn` is the session the root
 * middleware read for this request (`requireUser`): it is not read again.
 * `activityShown` entries of the activity log, the latest first; `request`
 * is the dashboard's, for the features' sections (none for the data export).
 */
export async function loadDashboard(
  services: AppServices,
  signedIn: AuthSession,
  activityShown = ACTIVITY_SHOWN,
  request?: Request,
): Promise<DashboardData> {
  const { env, db } = services;
  const { user, session } = signedIn;
  const offered = signInAccounts(env);
  const sections = serverFeatures().flatMap((feature) => feature.dashboard ?? []);
  const [sessions, { accounts, ways }, activity, addressHistory, featureData] = await Promise.all([
    listActiveSessions(db, user.id, session.id),
    readWaysIn(
      db,
      user.id,
      offered.map((provider) => provider.id),
    ),
    listRecentActivity(db, user.id, activityMethodNamer(env), activityShown),
    emailChangedAtOf(db, user.id).then((rows) => rows[0]),
    Promise.all(
      sections.map(
        async (section) => [section.key, await section.load(services, signedIn, request)] as const,
      ),
    ),
  ]);
  const signedInAt = session.createdAt;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image ?? undefined,
      memberSince: user.createdAt.toISOString(),
    },
    signedInAt: signedInAt.toISOString(),
    freshUntil: new Date(signedInAt.getTime() + SESSION_FRESH_AGE_SECONDS * 1000).toISOString(),
    sessions,
    activity,
    hasPassword: ways.password,
    linkedAccounts: linkedAccounts(offered, accounts, addressHistory?.emailChangedAt ?? null),
    waysIn: countWaysIn(ways),
    features: Object.fromEntries(featureData),
  };
}

/**
 * How the activity log names the method of an entry for people: the
 * password, a second step's methods, the configured providers, and the
 * features' own ways in ("Passkey"); an unknown one by its id.
 */
export function activityMethodNamer(env: AppServices["env"]): (method: string) => string {
  const names: Record<string, string> = {
    password: m.methodPassword(),
    ...Object.fromEntries(
      Object.values(signInStep()?.methods ?? {}).map(({ method, name }) => [method, say(name)]),
    ),
    ...Object.fromEntries(signInAccounts(env).map((provider) => [provider.id, provider.name])),
    ...Object.fromEntries(
      featureEndpoints().flatMap(({ signIn }) => (signIn ? [[signIn.method, say(signIn.name)]] : [])),
    ),
  };
  return (method) => names[method] ?? method;
}

/**
 * The accounts besides the password, named, the offered ones first in their
 * order. A link made before the account's address last changed
 * (`emailChangedAt`) vouched for the previous address, and is marked so.
 */
export function linkedAccounts(
  offered: readonly { id: string; name: string }[],
  accounts: readonly { providerId: string; createdAt: Date | string }[],
  emailChangedAt: Date | string | null,
): LinkedAccount[] {
  const changedAt = emailChangedAt === null ? null : new Date(emailChangedAt).getTime();
  const rank = (id: string) => {
    const at = offered.findIndex((candidate) => candidate.id === id);
    return at === -1 ? offered.length : at;
  };
  return accounts
    .filter((account) => account.providerId !== "credential")
    .map((account, at) => ({ account, at }))
    .sort((a, b) => rank(a.account.providerId) - rank(b.account.providerId) || a.at - b.at)
    .map(({ account }) => {
      const linkedAt = new Date(account.createdAt);
      return {
        id: account.providerId,
        name: offered.find((candidate) => candidate.id === account.providerId)?.name ?? account.providerId,
        linkedAt: linkedAt.toISOString(),
        linkedUnderPreviousEmail: changedAt !== null && linkedAt.getTime() < changedAt,
      };
    });
}
