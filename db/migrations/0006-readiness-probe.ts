import type { Kysely } from "kysely";
import { timestamp } from "./types";

/**
 * One row `/readyz` writes on each check (app/server/db/readiness.server.ts): a
 * database that answers reads but cannot take a write (a full disk, a
 * read-only file) is not ready.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("readinessProbe")
    .addColumn("id", "integer", (col) => col.primaryKey())
    .addColumn("checkedAt", timestamp(db), (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("readinessProbe").execute();
}
