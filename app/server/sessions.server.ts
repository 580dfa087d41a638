import type { Kysely } from "kysely";
import { CLIENT_IP_HEADER } from "~/lib/constants";
import { recordActivity } from "./activity.server";
import type { Auth } from "./auth.server";
import { attempt, done, type Outcome, refused } from "./outcome.server";
import { type DeviceType, summarizeUserAgent } from "./user-agent.server";

/** A session as the dashboard lists it: never its token. */
export type SessionSummary = {
  id: string;
  browser: string;
  deviceType: DeviceType;
  ip: string | null;
  createdAt: string;
  /** When better-auth last slid its expiry (at most a day behind its last use). */
  lastActiveAt: string;
  current: boolean;
};

type SessionRow = {
  id: string;
  userId: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
};

/**
 * The person's active sessions, this one first, then the most recently
 * active: one query on `session_userId_idx`. Not better-auth's
 * `listSessions` endpoint, which demands a sign-in within `freshAge`
 * (5 minutes here), a thing a dashboard cannot ask of every visit.
 */
export async function listActiveSessions(
  kysely: Kysely<unknown>,
  userId: string,
  currentId: string,
): Promise<SessionSummary[]> {
  const sessions = await (kysely as unknown as Kysely<{ session: SessionRow }>)
    .selectFrom("session")
    .select(["id", "createdAt", "updatedAt", "ipAddress", "userAgent"])
    .where("userId", "=", userId)
    // ISO text compares in time order on SQLite; PostgreSQL reads it as a timestamp.
    .where("expiresAt", ">", new Date().toISOString())
    .execute();
  return sessions
    .map((session) => {
      const { label, deviceType } = summarizeUserAgent(session.userAgent);
      return {
        id: session.id,
        browser: label,
        deviceType,
        ip: session.ipAddress || null,
        createdAt: new Date(session.createdAt).toISOString(),
        lastActiveAt: new Date(session.updatedAt).toISOString(),
        current: session.id === currentId,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

/**
 * Signs out one of the person's other sessions, by its id (the browser
 * never sees tokens). Its cookie is dead at its next request.
 */
export async function revokeSessionById(
  auth: Auth,
  headers: Headers,
  { userId, currentId, sessionId }: { userId: string; currentId: string; sessionId: string },
): Promise<Outcome> {
  if (sessionId === currentId) return refused(400, "This is the session you are using: sign out instead.");
  const { internalAdapter } = await auth.$context;
  const sessions = await internalAdapter.listSessions(userId, { onlyActiveSessions: true });
  const target = sessions.find((session) => session.id === sessionId);
  if (!target) return refused(404, "That session has already ended.");
  return attempt(async () => {
    await auth.api.revokeSession({ body: { token: target.token }, headers });
    return done(`Signed out ${summarizeUserAgent(target.userAgent).label}.`);
  });
}

/** Signs out every session of the person but this one. */
export async function revokeOtherSessions(auth: Auth, headers: Headers): Promise<Outcome> {
  return attempt(async () => {
    await auth.api.revokeOtherSessions({ headers });
    return done("Signed out everywhere else.");
  });
}

/**
 * The new-device notice's "Sign out everywhere": ends every session of the
 * account (better-auth's own delete) and logs it. When this browser is
 * signed in to that account, its cookie is cleared too; a browser signed in
 * to another account keeps its own session.
 */
export async function signOutEverywhere(
  { auth, db }: { auth: Auth; db: Kysely<unknown> },
  headers: Headers,
  { userId, thisBrowsersUser }: { userId: string; thisBrowsersUser: string | null },
): Promise<string[]> {
  const { internalAdapter } = await auth.$context;
  await internalAdapter.deleteUserSessions(userId);
  const { label } = summarizeUserAgent(headers.get("user-agent"));
  await recordActivity(db, {
    userId,
    kind: "signed-out-everywhere",
    browser: label,
    ip: headers.get(CLIENT_IP_HEADER),
  });
  if (thisBrowsersUser !== userId) return [];
  return (await auth.api.signOut({ headers, returnHeaders: true })).headers.getSetCookie();
}
