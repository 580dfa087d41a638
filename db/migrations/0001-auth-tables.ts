import type { Kysely } from "kysely";
import { boolean, timestamp } from "./types";

/**
 * The tables better-auth needs: users, their sessions, their sign-in
 * accounts (a password is the `credential` account) and one-time
 * verification values. Column names are better-auth's; a test checks that
 * better-auth finds nothing missing after these migrations, on SQLite and
 * on PostgreSQL (`./types` picks each column type per database).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("user")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("emailVerified", boolean(db), (col) => col.notNull())
    .addColumn("image", "text")
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .addColumn("updatedAt", timestamp(db), (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("expiresAt", timestamp(db), (col) => col.notNull())
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .addColumn("updatedAt", timestamp(db), (col) => col.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();

  await db.schema
    .createTable("account")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("accountId", "text", (col) => col.notNull())
    .addColumn("providerId", "text", (col) => col.notNull())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", timestamp(db))
    .addColumn("refreshTokenExpiresAt", timestamp(db))
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .addColumn("updatedAt", timestamp(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();

  await db.schema
    .createTable("verification")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("identifier", "text", (col) => col.notNull())
    .addColumn("value", "text", (col) => col.notNull())
    .addColumn("expiresAt", timestamp(db), (col) => col.notNull())
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .addColumn("updatedAt", timestamp(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("verification_identifier_idx")
    .on("verification")
    .column("identifier")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["verification", "account", "session", "user"]) {
    await db.schema.dropTable(table).execute();
  }
}
