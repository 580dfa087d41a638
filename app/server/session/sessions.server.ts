import type { Kysely } from "kysely";
import type { SessionSummary } from "~/lib/dashboard";
import type { Database } from "../../../db/schema";
import { done, type Outcome, refused } from "../action-kit.server";
import { recordActivity, requestOrigin } from "../auth/activity.server";
import type { Auth } from "../auth/auth.server";
import { endStandingTrust } from "../auth/security-stamp.server";
import { compiledQuery } from "../db/compiled-query.server";
import { endFeatureTrust } from "../feature-hooks.server";
import * as m from "../messages";
import { countSessionsRevoked } from "../metrics.server";
import { browserInWords, summarizeUserAgent } from "../user-agent.server";

/**
 * The person's active sessions, this one first, then the most recently
 * active: one query on `session_userId_idx`. Not better-auth's
 * `listSessions` endpoint, which demands a sign-in within `freshAge`
 * (5 minutes here), a thing a dashboard cannot ask of every visit.
 */
export async function listActiveSessions(
  kysely: Kysely<Database>,
  userId: string,
  currentId: string,
): Promise<SessionSummary[]> {
  const sessions = await activeSessionsOf(kysely, userId, new Date());
  return sessions
    .map((session) => {
      const { label, deviceType } = summarizeUserAgent(session.userAgent);
      return {
        id: session.id,
        browser: browserInWords(label),
        deviceType,
        ip: session.ipAddress || null,
        createdAt: session.createdAt.toISOString(),
        lastActiveAt: session.updatedAt.toISOString(),
        current: session.id === currentId,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
}

const activeSessionsOf = compiledQuery((db, userId: string, now: Date) =>
  db
    .selectFrom("session")
    .select(["id", "createdAt", "updatedAt", "ipAddress", "userAgent"])
    .where("userId", "=", userId)
    .where("expiresAt", ">", now),
);

/** Who asked, from where: the activity log's entry for a revocation. */
const revokedBy = (userId: string, headers: Headers) => ({ userId, ...requestOrigin(headers) });

/**
 * Signs out one of the person's other sessions, by its id (the browser
 * never sees tokens): one statement, which deletes it only if it is theirs.
 * Its cookie is dead at its next request.
 */
export async function revokeSessionById(
  kysely: Kysely<Database>,
  headers: Headers,
  { userId, currentId, sessionId }: { userId: string; currentId: string; sessionId: string },
): Promise<Outcome> {
  if (sessionId === currentId) return refused(400, m.currentSessionRevoke());
  const revoked = await kysely
    .deleteFrom("session")
    .where("id", "=", sessionId)
    .where("userId", "=", userId)
    .returning("userAgent")
    .executeTakeFirst();
  if (!revoked) return refused(404, m.sessionAlreadyEnded());
  countSessionsRevoked();
  await recordActivity(kysely, { ...revokedBy(userId, headers), kind: "session-revoked" });
  return done(m.signedOutBrowser({ browser: browserInWords(summarizeUserAgent(revoked.userAgent).label) }));
}

/**
 * Signs out every session of the person but this one: one statement, with
 * no cap on how many (better-auth's own endpoint saw only the first 100).
 * What the features trusted ends too (`endFeatureTrust`: a browser trusted
 * to skip a sign-in's second step, say). Links
 * mailed before keep working: a stolen session must not be able to void
 * the owner's undo of an email change.
 */
export async function revokeOtherSessions(
  kysely: Kysely<Database>,
  headers: Headers,
  { userId, currentId }: { userId: string; currentId: string },
): Promise<Outcome> {
  const revoked = await kysely
    .deleteFrom("session")
    .where("userId", "=", userId)
    .where("id", "<>", currentId)
    .executeTakeFirst();
  countSessionsRevoked(Number(revoked.numDeletedRows));
  await endFeatureTrust(kysely, userId);
  await recordActivity(kysely, { ...revokedBy(userId, headers), kind: "other-sessions-revoked" });
  return done(m.signedOutEverywhereElse());
}

/**
 * The new-device notice's "Sign out everywhere": ends every session of the
 * account (better-auth's own delete), voids every email-change link
 * mailed before and what the features trusted (`endStandingTrust`), and logs it. When this browser is
 * signed in to that account, its cookie is cleared too; a browser signed in
 * to another account keeps its own session.
 */
export async function signOutEverywhere(
  { auth, db }: { auth: Auth; db: Kysely<Database> },
  headers: Headers,
  { userId, thisBrowsersUser }: { userId: string; thisBrowsersUser: string | null },
): Promise<string[]> {
  await endEverySession({ auth, db }, userId);
  await recordActivity(db, { ...revokedBy(userId, headers), kind: "signed-out-everywhere" });
  if (thisBrowsersUser !== userId) return [];
  return (await auth.api.signOut({ headers, returnHeaders: true })).headers.getSetCookie();
}

/**
 * Ends every session of the account (better-auth's own delete: each
 * browser is signed out at its next request, on every instance) and what
 * was trusted with them (`endStandingTrust`): mailed links, trusted
 * browsers. The caller logs who asked.
 */
export async function endEverySession(
  { auth, db }: { auth: Auth; db: Kysely<Database> },
  userId: string,
): Promise<void> {
  const { internalAdapter } = await auth.$context;
  await internalAdapter.deleteUserSessions(userId);
  await endStandingTrust(db, userId);
}
