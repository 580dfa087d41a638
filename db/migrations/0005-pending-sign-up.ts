import type { Kysely } from "kysely";
import { timestamp } from "./types";

/**
 * Email-first sign-up: what "Create account" asked for, kept until the
 * mailed code comes back (app/server/auth/sign-up.server.ts). The password only
 * as its scrypt hash, the code only as an HMAC; `tries` counts wrong codes.
 * One row per address: a new request replaces the old one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("pendingSignUp")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("passwordHash", "text", (col) => col.notNull())
    .addColumn("codeHash", "text", (col) => col.notNull())
    .addColumn("tries", "integer", (col) => col.notNull())
    .addColumn("redirectTo", "text", (col) => col.notNull())
    .addColumn("expiresAt", timestamp(db), (col) => col.notNull())
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("pendingSignUp_expiresAt_idx")
    .on("pendingSignUp")
    .column("expiresAt")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("pendingSignUp").execute();
}
