import type { BetterAuthPlugin } from "better-auth";
import { type Kysely, sql } from "kysely";
import { ACTIVITY_RETENTION_DAYS, SESSION_MAX_AGE_SECONDS } from "~/lib/constants";
import type { Database } from "../../../db/schema";

/** How often expired sessions, verification values and old activity are deleted. */
const EXPIRED_ROWS_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** Sent and failed mails (their content erased) stay in the table this long. */
const MAIL_RETENTION_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A session's expiry, never later than `maxAgeSeconds` after its sign-in:
 * sessions slide with use (better-auth pushes `expiresAt` forward), but a
 * stolen cookie that is kept busy still dies at the absolute cap.
 */
export function cappedExpiry(
  createdAt: Date,
  expiresAt: Date,
  maxAgeSeconds = SESSION_MAX_AGE_SECONDS,
): Date {
  const cap = createdAt.getTime() + maxAgeSeconds * 1000;
  return expiresAt.getTime() > cap ? new Date(cap) : expiresAt;
}

type SessionRow = { id: string; createdAt: Date | string; expiresAt: Date | string };

/**
 * better-auth plugin: the absolute session lifetime. better-auth slides the
 * expiry itself (in `getSession`); after each slide this pulls it back to
 * the cap when it went past, so better-auth's own expiry check signs the
 * session out there (and the cookie with it) on every path, API included.
 */
export function absoluteSessionLifetime(kysely: Kysely<Database>) {
  return {
    id: "absolute-session-lifetime",
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            update: {
              async after(session: SessionRow) {
                const expiresAt = new Date(session.expiresAt);
                const capped = cappedExpiry(new Date(session.createdAt), expiresAt);
                if (capped.getTime() === expiresAt.getTime()) return;
                await kysely
                  .updateTable("session")
                  .set({ expiresAt: capped })
                  .where("id", "=", session.id)
                  .execute();
              },
            },
          },
        },
      },
    }),
  } satisfies BetterAuthPlugin;
}

/**
 * Deletes what can never be used again: expired sessions (better-auth only
 * deletes one when its cookie comes back), expired verification values
 * (OAuth states, passkey challenges), sign-ups whose code expired,
 * activity older than its retention,
 * and sent or failed mails (their content already erased) older than theirs.
 * Each is one indexed `DELETE`, cheap enough to run at every start and hourly.
 */
export async function deleteExpiredRows(kysely: Kysely<Database>, now = new Date()): Promise<void> {
  const activityCutoff = new Date(now.getTime() - ACTIVITY_RETENTION_DAYS * DAY_MS);
  await sql`DELETE FROM "session" WHERE "expiresAt" < ${now}`.execute(kysely);
  await sql`DELETE FROM "verification" WHERE "expiresAt" < ${now}`.execute(kysely);
  await sql`DELETE FROM "pendingSignUp" WHERE "expiresAt" < ${now}`.execute(kysely);
  await sql`DELETE FROM "activity" WHERE "createdAt" < ${activityCutoff}`.execute(kysely);
  const mailCutoff = new Date(now.getTime() - MAIL_RETENTION_DAYS * DAY_MS);
  await sql`DELETE FROM "mail" WHERE "status" <> 'pending' AND "createdAt" < ${mailCutoff}`.execute(kysely);
}

/**
 * Runs `deleteExpiredRows` now and then every hour, in the background (the
 * timer never keeps the process alive). A failed run is reported and the
 * next one tries again. Returns a function that stops it.
 */
export function startExpiredRowCleanup(
  kysely: Kysely<Database>,
  onError: (error: unknown) => void,
): () => void {
  const run = () => void deleteExpiredRows(kysely).catch(onError);
  run();
  const timer = setInterval(run, EXPIRED_ROWS_CLEANUP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
