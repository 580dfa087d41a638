import { type Kysely, sql } from "kysely";
import { timestamp } from "./types";

/**
 * What ties a mailed link to the state it was sent for.
 *
 * - `user.securityStamp`: a number every change of the address or of how
 *   the account is secured raises (an email change or its undo, a password
 *   reset or change, "sign out everywhere"). Email-change and undo links
 *   carry the number they were issued under and work only while it is
 *   unchanged (the email-change feature checks it).
 * - `user.pendingEmailChange`: the id of the one email change waiting for
 *   its link; a new request replaces it, so older links stop working.
 * - `pendingSignUp` loses its one-row-per-address rule and gains
 *   `requesterHash` (the HMAC of a cookie of the browser that asked): a
 *   stranger's request for an address no longer replaces its owner's, and
 *   only the browser that asked may use the password it chose. The table
 *   holds requests of 15 minutes: it is rebuilt, with its rows, since
 *   SQLite cannot drop a column's UNIQUE.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("user")
    .addColumn("securityStamp", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("user").addColumn("pendingEmailChange", "text").execute();

  await db.schema
    .createTable("pendingSignUpNext")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("passwordHash", "text", (col) => col.notNull())
    .addColumn("codeHash", "text", (col) => col.notNull())
    .addColumn("tries", "integer", (col) => col.notNull())
    .addColumn("redirectTo", "text", (col) => col.notNull())
    .addColumn("expiresAt", timestamp(db), (col) => col.notNull())
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .addColumn("requesterHash", "text")
    .execute();
  await sql`insert into ${sql.table("pendingSignUpNext")}
    (id, email, name, "passwordHash", "codeHash", tries, "redirectTo", "expiresAt", "createdAt")
    select id, email, name, "passwordHash", "codeHash", tries, "redirectTo", "expiresAt", "createdAt"
    from ${sql.table("pendingSignUp")}`.execute(db);
  await db.schema.dropTable("pendingSignUp").execute();
  await db.schema.alterTable("pendingSignUpNext").renameTo("pendingSignUp").execute();
  await db.schema.createIndex("pendingSignUp_email_idx").on("pendingSignUp").column("email").execute();
  await db.schema
    .createIndex("pendingSignUp_expiresAt_idx")
    .ifNotExists()
    .on("pendingSignUp")
    .column("expiresAt")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("pendingEmailChange").execute();
  await db.schema.alterTable("user").dropColumn("securityStamp").execute();
  await db.schema.alterTable("pendingSignUp").dropColumn("requesterHash").execute();
}
