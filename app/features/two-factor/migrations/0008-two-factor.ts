/** Migration 0008 (two-step sign-in's, named as databases recorded it): the user's flag and the `twoFactor` table. */
import type { Kysely } from "kysely";
import { boolean, isPostgres, timestamp } from "../../../../db/migrations/types";

/**
 * Two-step sign-in, in the shape of better-auth's `twoFactor` plugin: a flag
 * on the user, and one row per user with the authenticator secret
 * (encrypted by better-auth), the recovery codes (as keyed hashes:
 * app/server/auth/two-factor.server.ts), whether the first code confirmed
 * it, and the plugin's own failure counters (unused: the app's failure
 * budget counts wrong codes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("user")
    .addColumn("twoFactorEnabled", boolean(db), (col) => col.notNull().defaultTo(isPostgres(db) ? false : 0))
    .execute();
  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("backupCodes", "text", (col) => col.notNull())
    .addColumn("userId", "text", (col) => col.notNull().unique().references("user.id").onDelete("cascade"))
    .addColumn("verified", boolean(db), (col) => col.notNull().defaultTo(isPostgres(db) ? false : 0))
    .addColumn("failedVerificationCount", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("lockedUntil", timestamp(db))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("twoFactor").execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}
