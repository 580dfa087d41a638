// Migration 0014-admin: its name is recorded in existing databases; never rename it.
import { type Kysely, sql } from "kysely";
import { boolean, isPostgres, timestamp } from "../../../../db/migrations/types";

/**
 * The admin console's columns and its trail:
 * - better-auth's `admin` plugin fields: `user.role` (`admin` for an
 *   administrator made in the console), `user.banned`, `banReason`,
 *   `banExpires` (a suspension), and `session.impersonatedBy` (the
 *   administrator signed in as the person for support);
 * - `admin_audit`, what administrators did. It names people by id and by
 *   the address they had then, with no foreign key: entries outlive the
 *   accounts. Triggers refuse every UPDATE and DELETE of it, whoever asks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").addColumn("role", "text").execute();
  await db.schema
    .alterTable("user")
    .addColumn("banned", boolean(db), (col) => col.notNull().defaultTo(isPostgres(db) ? false : 0))
    .execute();
  await db.schema.alterTable("user").addColumn("banReason", "text").execute();
  await db.schema.alterTable("user").addColumn("banExpires", timestamp(db)).execute();
  await db.schema.alterTable("session").addColumn("impersonatedBy", "text").execute();
  await db.schema
    .createTable("admin_audit")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("at", timestamp(db), (col) => col.notNull())
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("adminId", "text", (col) => col.notNull())
    .addColumn("adminEmail", "text", (col) => col.notNull())
    .addColumn("targetId", "text")
    .addColumn("targetEmail", "text")
    .addColumn("reason", "text")
    .addColumn("detail", "text")
    .addColumn("ipAddress", "text")
    .addColumn("requestId", "text")
    .execute();
  await db.schema.createIndex("admin_audit_at_idx").on("admin_audit").column("at").execute();
  await db.schema
    .createIndex("admin_audit_adminId_idx")
    .on("admin_audit")
    .columns(["adminId", "at"])
    .execute();
  await db.schema
    .createIndex("admin_audit_targetId_idx")
    .on("admin_audit")
    .columns(["targetId", "at"])
    .execute();
  await db.schema.createIndex("user_banned_idx").on("user").column("banned").execute();
  await db.schema.createIndex("user_role_idx").on("user").column("role").execute();
  if (isPostgres(db)) {
    await sql`CREATE FUNCTION admin_audit_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'admin_audit is append-only'; END $$`.execute(db);
    await sql`CREATE TRIGGER admin_audit_no_change BEFORE UPDATE OR DELETE ON admin_audit
      FOR EACH ROW EXECUTE FUNCTION admin_audit_is_append_only()`.execute(db);
    await sql`CREATE TRIGGER admin_audit_no_truncate BEFORE TRUNCATE ON admin_audit
      FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_is_append_only()`.execute(db);
  } else {
    await sql`CREATE TRIGGER admin_audit_no_update BEFORE UPDATE ON admin_audit
      BEGIN SELECT RAISE(ABORT, 'admin_audit is append-only'); END`.execute(db);
    await sql`CREATE TRIGGER admin_audit_no_delete BEFORE DELETE ON admin_audit
      BEGIN SELECT RAISE(ABORT, 'admin_audit is append-only'); END`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_audit").execute();
  if (isPostgres(db)) await sql`DROP FUNCTION admin_audit_is_append_only()`.execute(db);
  await db.schema.dropIndex("user_banned_idx").execute();
  await db.schema.dropIndex("user_role_idx").execute();
  for (const column of ["banExpires", "banReason", "banned", "role"])
    await db.schema.alterTable("user").dropColumn(column).execute();
  await db.schema.alterTable("session").dropColumn("impersonatedBy").execute();
}
