import { serverFeatures } from "~/features/server.server";
import { ACTIVITY_SHOWN, SESSION_FRESH_AGE_SECONDS } from "~/lib/constants";
import type { DashboardData } from "~/lib/dashboard";
import { listRecentActivity } from "../auth/activity.server";
import type { AuthSession } from "../auth/auth.server";
import { countWaysIn, readWaysIn } from "../auth/sign-in-methods.server";
import type { AppServices } from "../context.server";
import { featureEndpoints, signInStep } from "../feature-hooks.server";
import { providerLinks } from "../providers/links.server";
import { listSignInProviders } from "../providers/registry.server";
import { listActiveSessions } from "../session/sessions.server";

/**
 * Everything the dashboard shows, read on the server in one go (the page
 * makes no requests of its own): the person, their sessions, their ways to
 * sign in, recent activity and what each feature's section shows. `signedIn` is the session the root
 * middleware read for this request (`requireUser`): it is not read again.
 * `activityShown` entries of the activity log, the latest first.
 */
export async function loadDashboard(
  services: AppServices,
  signedIn: AuthSession,
  activityShown = ACTIVITY_SHOWN,
): Promise<DashboardData> {
  const { env, db } = services;
  const { user, session } = signedIn;
  const offered = listSignInProviders(env.providers);
  const methodNames: Record<string, string> = {
    password: "password",
    ...Object.fromEntries(
      Object.values(signInStep()?.methods ?? {}).map(({ method, name }) => [method, name]),
    ),
    ...Object.fromEntries(offered.map((provider) => [provider.id, provider.name])),
    ...Object.fromEntries(
      featureEndpoints().flatMap(({ signIn }) => (signIn ? [[signIn.method, signIn.name]] : [])),
    ),
  };
  const features = serverFeatures().flatMap((feature) => (feature.dashboard ? [feature.dashboard] : []));
  const [sessions, { accounts, ways }, activity, addressHistory, featureData] = await Promise.all([
    listActiveSessions(db, user.id, session.id),
    readWaysIn(
      db,
      user.id,
      offered.map((provider) => provider.id),
    ),
    listRecentActivity(db, user.id, (method) => methodNames[method] ?? method, activityShown),
    db.selectFrom("user").select("emailChangedAt").where("id", "=", user.id).executeTakeFirst(),
    Promise.all(
      features.map(async (feature) => [feature.key, await feature.load(services, signedIn)] as const),
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
    providers: providerLinks(offered, accounts, addressHistory?.emailChangedAt ?? null),
    waysIn: countWaysIn(ways),
    linkError: null,
    features: Object.fromEntries(featureData),
  };
}
