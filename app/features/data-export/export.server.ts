import { describeActivity } from "~/lib/activity";
import type { AuthSession } from "~/server/auth/auth.server";
import type { AppServices } from "~/server/context.server";
import { loadDashboard } from "~/server/dashboard/loader.server";

/** The most activity entries one file holds (entries older than `ACTIVITY_RETENTION_DAYS` are gone anyway). */
const ACTIVITY_MAX = 10_000;

/**
 * "Download my data": everything the app holds about the signed-in person,
 * as one JSON document. The same reads as the dashboard (so it shows what
 * the page shows, and no more), with the whole activity log. Never a
 * secret: no password hash, session token, provider token or passkey key.
 */
export async function exportAccountData(services: AppServices, signedIn: AuthSession, now = new Date()) {
  const data = await loadDashboard(services, signedIn, ACTIVITY_MAX);
  const { user } = data;
  return {
    exportedAt: now.toISOString(),
    app: services.env.APP_NAME,
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      image: user.image ?? null,
      createdAt: user.memberSince,
    },
    signInMethods: {
      password: data.hasPassword,
      providers: data.linkedAccounts,
    },
    sessions: data.sessions,
    activity: data.activity.map((entry) => ({ ...entry, description: describeActivity(entry) })),
    // What each feature's dashboard section shows, under its key.
    ...data.features,
  };
}

/** The file's name: `{app}-data-{YYYY-MM-DD}.json`, in characters any header and file system take. */
export function exportFileName(appName: string, now = new Date()): string {
  const slug =
    appName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "account";
  return `${slug}-data-${now.toISOString().slice(0, 10)}.json`;
}
