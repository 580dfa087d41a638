import type { Kysely } from "kysely";

/**
 * The language a person chose with the language switch (`en`, `de`): their
 * pages and their mails speak it. Null until they choose: the browser's
 * cookie or its languages decide (app/i18n/locale.server.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("locale", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("locale").execute();
}
