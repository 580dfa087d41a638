import type { Kysely } from "kysely";

/**
 * What an activity entry was about, in words its sentence shows: a team's
 * name, the address invited, the role given. Written by the server, from
 * values its rules checked; null for the kinds that need none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("activity").addColumn("detail", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("activity").dropColumn("detail").execute();
}
