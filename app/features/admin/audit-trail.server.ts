/**
 * `/admin/audit`'s reading of the trail: a page of entries (./audit.server.ts
 * `listAudit`) and which of the accounts they name still exist (one query),
 * so the page links only to those.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { listAudit } from "./audit.server";
import type { AuditQuery } from "./console-query";

export async function auditTrail(db: Kysely<Database>, { adminId, targetId, page }: AuditQuery) {
  const { entries, hasMore } = await listAudit(db, {
    adminId: adminId ?? undefined,
    targetId: targetId ?? undefined,
    page,
  });
  const named = [...new Set(entries.flatMap((entry) => (entry.target ? [entry.target.id] : [])))];
  const existing =
    named.length === 0 ? [] : await db.selectFrom("user").select("id").where("id", "in", named).execute();
  return { entries, hasMore, existingAccounts: existing.map((row) => row.id) };
}
