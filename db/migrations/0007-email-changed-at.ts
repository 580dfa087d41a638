import type { Kysely } from "kysely";
import { timestamp } from "./types";

/**
 * When the account's email address last changed (set by the email-change feature):
 * provider links made before then vouched for another address, and the
 * dashboard says so. Null for an address never changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("emailChangedAt", timestamp(db)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("emailChangedAt").execute();
}
