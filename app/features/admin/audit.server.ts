/**
 * The admin trail: what administrators did, append-only. Entries name
 * people by id and by the address they had then (no foreign key: they
 * outlive the accounts), and the database itself refuses to change or
 * delete one (triggers of ./migrations/0014-admin.ts). Nothing in the app
 * updates or deletes this table; the console only reads it.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { CLIENT_IP_HEADER } from "~/lib/constants";
import { countAdminAction } from "~/server/metrics.server";
import type { Database } from "../../../db/schema";
import { onePage } from "./list-page.server";

/** What an entry records an administrator did. */
export type AuditAction =
  | "sign-out-everywhere"
  | "suspend"
  | "lift-suspension"
  | "make-admin"
  | "remove-admin"
  | "support-sign-in-start"
  | "support-sign-in-stop"
  | "support-sign-in-expired"
  | "support-action";

/** Someone as the trail keeps them: their id and the address they had then. */
export type AuditPerson = { id: string; email: string };

export type AuditRecord = {
  action: AuditAction;
  admin: AuditPerson;
  target?: AuditPerson | null;
  reason?: string | null;
  /** What else the entry needs (an end date, the action let through), in words. */
  detail?: string | null;
  /**
   * An entry that must be written once at most, whoever gets there first
   * (the end of a support sign-in: Stop, or the hour's end seen by two
   * requests at once): its id. A second write of it changes nothing.
   */
  once?: string;
};

/** The request id each route's action names its request by (`X-Request-Id`), for the trail. */
const requestIds = new WeakMap<object, string>();

export function rememberRequestId(request: Request, requestId: string | undefined): void {
  if (requestId) requestIds.set(request, requestId);
}

let sequence = 0;

/**
 * An entry's id, in the order entries are written: the millisecond, a
 * counter for entries written in the same one by this process, then
 * random. The trail is listed by it, so two entries of one click (a
 * support action and its stop) never swap places.
 */
function auditId(at: Date): string {
  sequence = (sequence + 1) % 36 ** 4;
  const time = at.getTime().toString(36).padStart(9, "0");
  return `${time}${sequence.toString(36).padStart(4, "0")}${randomBytes(8).toString("hex")}`;
}

/**
 * Appends an entry (in the caller's transaction, when given) and counts it
 * in `admin_actions_total`. `request`: the one it answers, or only its
 * headers where a hook has no more (the client IP is read from them).
 * Resolves to whether it was written (an entry `once` already there is not).
 */
export async function writeAudit(
  db: Kysely<Database>,
  request: Pick<Request, "headers">,
  { action, admin, target, reason, detail, once }: AuditRecord,
): Promise<boolean> {
  const at = new Date();
  const written = await db
    .insertInto("admin_audit")
    .values({
      id: once ?? auditId(at),
      at,
      action,
      adminId: admin.id,
      adminEmail: admin.email,
      targetId: target?.id ?? null,
      targetEmail: target?.email ?? null,
      reason: reason ?? null,
      detail: detail ?? null,
      ipAddress: request.headers.get(CLIENT_IP_HEADER),
      requestId: requestIds.get(request) ?? null,
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .executeTakeFirst();
  if (Number(written.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  countAdminAction(action);
  return true;
}

export type AuditEntry = {
  id: string;
  at: string;
  action: AuditAction;
  admin: AuditPerson;
  target: AuditPerson | null;
  reason: string | null;
  detail: string | null;
  ipAddress: string | null;
  requestId: string | null;
};

/** The trail, newest first, a page at a time, of one administrator or about one account when asked. */
export async function listAudit(
  db: Kysely<Database>,
  { adminId, targetId, page }: { adminId?: string; targetId?: string; page: number },
): Promise<{ entries: AuditEntry[]; hasMore: boolean }> {
  let query = db.selectFrom("admin_audit").selectAll();
  if (adminId) query = query.where("adminId", "=", adminId);
  if (targetId) query = query.where("targetId", "=", targetId);
  const { rows, hasMore } = await onePage(query.orderBy("at", "desc").orderBy("id", "desc"), page);
  return {
    hasMore,
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      action: row.action as AuditAction,
      admin: { id: row.adminId, email: row.adminEmail },
      target: row.targetId ? { id: row.targetId, email: row.targetEmail ?? "" } : null,
      reason: row.reason,
      detail: row.detail,
      ipAddress: row.ipAddress,
      requestId: row.requestId,
    })),
  };
}
