// Migration 0002-passkeys: the passkey table (its name is recorded in existing databases).
import type { Kysely } from "kysely";
import { boolean, timestamp } from "../../../../db/migrations/types";

/**
 * The passkeys (WebAuthn credentials) people add from their dashboard, in
 * the shape of `@better-auth/passkey`'s schema: the public key, the
 * credential id the browser sends back at sign-in, and the signature counter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("passkey")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("name", "text")
    .addColumn("publicKey", "text", (col) => col.notNull())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("credentialID", "text", (col) => col.notNull())
    .addColumn("counter", "integer", (col) => col.notNull())
    .addColumn("deviceType", "text", (col) => col.notNull())
    .addColumn("backedUp", boolean(db), (col) => col.notNull())
    .addColumn("transports", "text")
    .addColumn("createdAt", timestamp(db))
    .addColumn("aaguid", "text")
    .execute();
  await db.schema.createIndex("passkey_userId_idx").on("passkey").column("userId").execute();
  await db.schema.createIndex("passkey_credentialID_idx").on("passkey").column("credentialID").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("passkey").execute();
}
