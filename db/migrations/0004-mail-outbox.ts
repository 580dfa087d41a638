import type { Kysely } from "kysely";
import { timestamp } from "./types";

/**
 * The mail outbox: every mail the app sends is first a row here, written in
 * the same transaction as what caused it, then sent by a worker
 * (app/server/mail/mail-worker.server.ts). `payload` is the sealed message
 * (emptied once sent); `claim` and `claimedUntil` are the lease of the
 * instance sending it. The worker looks for due pending mails, hence the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("mail")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("payload", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("attempts", "integer", (col) => col.notNull())
    .addColumn("nextAttemptAt", timestamp(db), (col) => col.notNull())
    .addColumn("claim", "text")
    .addColumn("claimedUntil", timestamp(db))
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .addColumn("sentAt", timestamp(db))
    .execute();
  await db.schema
    .createIndex("mail_status_nextAttemptAt_idx")
    .on("mail")
    .columns(["status", "nextAttemptAt"])
    .execute();
  await db.schema.createIndex("mail_createdAt_idx").on("mail").column("createdAt").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("mail").execute();
}
