// Migration 0015-projects: its name is recorded in existing databases; never rename it.
import type { Kysely } from "kysely";
import { timestamp } from "../../../../db/migrations/types";

/**
 * A team's projects: each row belongs to one team (`teamId`) and goes
 * with it; `archivedAt` is set while it is archived. Its creator is kept
 * while their account lasts. The index serves every query: each asks for
 * one team's rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("project")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("teamId", "text", (col) => col.notNull().references("organization.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("archivedAt", timestamp(db))
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .addColumn("createdBy", "text", (col) => col.references("user.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("project_teamId_idx").on("project").column("teamId").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("project").execute();
}
