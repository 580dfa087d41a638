// Migration 0013-email-change-undo (email change's): its name is recorded in existing databases; never rename it.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { timestamp } from "../../../../db/migrations/types";

/**
 * The undo links of email changes, one row each while it can be used
 * (../undo.server.ts): the account, the address it puts back and the
 * `emailChangedAt` it had then, the sign-in of the browser that made the
 * change (what was added from then on goes), when the change was made and
 * when the link expires. The link's token (in `verification`) names its
 * row; a used or voided link's row is deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("emailChangeUndo")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("userId", "text", (col) => col.notNull().references("user.id").onDelete("cascade"))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("emailChangedAt", timestamp(db))
    .addColumn("since", timestamp(db), (col) => col.notNull())
    .addColumn("createdAt", timestamp(db), (col) => col.notNull())
    .addColumn("expiresAt", timestamp(db), (col) => col.notNull())
    .execute();
  await db.schema.createIndex("emailChangeUndo_userId_idx").on("emailChangeUndo").column("userId").execute();
  await adoptMailedUndoLinks(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("emailChangeUndo").execute();
}

/** An undo link as versions before this one wrote it: the move back, under the account's stamp then. */
type OlderUndo = { userId: string; from: string; to: string; stamp: number; request?: string };

/**
 * The undo links mailed before this version carried the stamp they were
 * issued under; each one still unexpired gets its row now, and its token
 * names it, so it works for the rest of its week like the links mailed
 * from now on. (A change link carries its `request`: it stays as it is.)
 */
async function adoptMailedUndoLinks(db: Kysely<unknown>): Promise<void> {
  const trx = db as Kysely<{
    verification: { id: string; value: string; createdAt: unknown; expiresAt: unknown };
    emailChangeUndo: Record<string, unknown>;
  }>;
  const rows = await trx
    .selectFrom("verification")
    .select(["id", "value", "createdAt", "expiresAt"])
    .where("value", "like", '{"userId":%"stamp":%')
    .execute();
  for (const row of rows) {
    const link = olderUndoOf(row.value);
    if (!link || new Date(row.expiresAt as string).getTime() <= Date.now()) continue;
    const id = randomUUID();
    await trx
      .insertInto("emailChangeUndo")
      .values({
        id,
        userId: link.userId,
        email: link.to,
        emailChangedAt: null,
        since: row.createdAt,
        createdAt: row.createdAt,
        expiresAt: row.expiresAt,
      })
      .execute();
    await trx
      .updateTable("verification")
      .set({ value: JSON.stringify({ userId: link.userId, undo: id }) })
      .where("id", "=", row.id)
      .execute();
  }
}

function olderUndoOf(value: string): OlderUndo | null {
  try {
    const parsed = JSON.parse(value) as Partial<OlderUndo>;
    const fits = typeof parsed.userId === "string" && typeof parsed.to === "string";
    return fits && parsed.request === undefined ? (parsed as OlderUndo) : null;
  } catch {
    return null;
  }
}
