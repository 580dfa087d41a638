import type { Kysely } from "kysely";
import { isPostgres, timestamp } from "./types";

/**
 * The account activity log the dashboard shows (sign-ins and their
 * failures, password, passkey and provider changes, session revocations),
 * deleted with its user. Read newest first per user, hence the index.
 * Also an index on session expiry, for the periodic clean-up of expired rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("activity")
    .addColumn("id", isPostgres(db) ? "serial" : "integer", (col) =>
      isPostgres(db) ? col.primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("method", "text")
    .addColumn("browser", "text")
    .addColumn("ip", "text")
    .addColumn("success", "integer", (col) => col.notNull())
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("activity_userId_createdAt_idx")
    .on("activity")
    .columns(["userId", "createdAt"])
    .execute();
  await db.schema.createIndex("activity_createdAt_idx").on("activity").column("createdAt").execute();
  await db.schema.createIndex("session_expiresAt_idx").on("session").column("expiresAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("session_expiresAt_idx").execute();
  await db.schema.dropTable("activity").execute();
}
