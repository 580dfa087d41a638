/** Migration 0010 (two-step sign-in's, named as databases recorded it): the last accepted time step of each account. */
import type { Kysely } from "kysely";

/**
 * The time step (RFC 6238's T) of the last authenticator code accepted for
 * the account: a code is accepted only for a later step, so each works
 * once, on every instance and after a restart
 * (app/server/auth/authenticator-steps.server.ts). Null until the first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("twoFactor").addColumn("lastStep", "integer").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("twoFactor").dropColumn("lastStep").execute();
}
