import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { describeRemovedWaysIn } from "~/lib/removed-ways-in";
import { type Refusal, refused } from "~/server/action-kit.server";
import type { AccountMail } from "~/server/auth/account-mail.server";
import { recoverAccount } from "~/server/auth/account-recovery.server";
import { recordActivity } from "~/server/auth/activity.server";
import { type SignInFacts, utcTime } from "~/server/mail/templates.server";
import type { Database } from "../../../db/schema";
import { takenByAnother } from "./address.server";
import { EMAIL_CHANGE_UNDO_SECONDS } from "./constants";
import { linkValue, queueEmailChangeUndoneNotice, type UndoLink } from "./mail.server";
import * as m from "./messages";

/**
 * The undo of an email change: the link mailed to the old address. It is
 * bound to the account, the address it puts back, its own single-use token
 * and its week (a row of `emailChangeUndo` while it can be used), never to
 * the account's security stamp: nothing whoever made the change does next
 * (a new password, "sign out everywhere") voids it, and while it can be
 * used the address cannot change again. Following it gives the account
 * back to the old address (`recoverAccount`).
 */

const undoLink = z.object({ userId: z.string(), undo: z.string() });

/** A link's value, as `openUndo` wrote it: null when the token was unknown, used or expired. */
const undoLinkOf = (value: string | null): UndoLink | null => linkValue(undoLink, value);

/**
 * Makes the undo of the change just made (in its transaction): it puts back
 * `email`, and the account's `emailChangedAt` as it was, and takes away
 * the ways in added from `since` on. What its link's token carries.
 */
export async function openUndo(
  trx: Kysely<Database>,
  undo: { userId: string; email: string; emailChangedAt: Date | null; since: Date },
): Promise<UndoLink> {
  const id = randomUUID();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_UNDO_SECONDS * 1000);
  await trx
    .insertInto("emailChangeUndo")
    .values({ id, ...undo, createdAt: now, expiresAt })
    .execute();
  return { userId: undo.userId, undo: id };
}

/** Until when an undo link of the account can still be used (the latest), or null when none can. */
export async function undoableUntil(trx: Kysely<Database>, userId: string): Promise<Date | null> {
  const row = await trx
    .selectFrom("emailChangeUndo")
    .select("expiresAt")
    .where("userId", "=", userId)
    .where("expiresAt", ">", new Date())
    .orderBy("expiresAt", "desc")
    .executeTakeFirst();
  return row?.expiresAt ?? null;
}

/** A new change, while the old address can still undo the last one: its undo must keep working. */
export const undoPendingRefusal = (until: Date): Refusal =>
  refused(409, m.undoPending({ until: utcTime(until) }));

/** What following an undo link did: put the address back (and took away what `removed` says), or not, because another account has it now. */
export type UndoOutcome =
  | { userId: string; restored: true; email: string; removed: string[] }
  | { userId: string; restored: false };

/**
 * "This wasn't me" in the old mailbox: uses the link up and, unless another
 * account took the address since, puts it back on the account, whatever
 * happened to the account meanwhile, and takes the account back from
 * whoever changed it (`recoverAccount`: the password, the ways in added
 * since, every session), in one transaction. That voids the undo links
 * of any later change too (each would put back an address this one
 * replaces); earlier ones still work. The address it replaces is told.
 * The caller then signs the account out everywhere. Null when the link no
 * longer works (used, expired, voided, or its account deleted).
 */
export async function undoEmailChange(
  mail: AccountMail,
  token: unknown,
  facts: SignInFacts,
): Promise<UndoOutcome | null> {
  const link = undoLinkOf(await mail.consume("undo-email-change", token));
  if (!link) return null;
  return mail.transaction(async (trx) => {
    const undo = await trx
      .selectFrom("emailChangeUndo")
      .selectAll()
      .where("id", "=", link.undo)
      .where("userId", "=", link.userId)
      .where("expiresAt", ">", new Date())
      .executeTakeFirst();
    const user = await trx
      .selectFrom("user")
      .select("email")
      .where("id", "=", link.userId)
      .executeTakeFirst();
    if (!undo || !user) return null;
    const userId = undo.userId;
    const logged = (success: boolean) =>
      recordActivity(trx, { userId, kind: "email-change-undone", success, ...facts });
    const voided = trx.deleteFrom("emailChangeUndo").where("userId", "=", userId);
    if (await takenByAnother(trx, undo.email, userId)) {
      await voided.where("id", "=", undo.id).execute();
      await logged(false);
      return { userId, restored: false };
    }
    await voided.where("createdAt", ">=", undo.createdAt).execute();
    await trx
      .updateTable("user")
      .set({
        email: undo.email,
        emailVerified: true,
        emailChangedAt: undo.emailChangedAt,
        updatedAt: new Date(),
      })
      .where("id", "=", userId)
      .execute();
    const recovery = await recoverAccount(trx, userId, undo.since);
    if (user.email !== undo.email) await queueEmailChangeUndoneNotice(mail, trx, user.email);
    await logged(true);
    const providers = recovery.providerIds.map((id) => mail.providerName(id));
    const waysIn = describeRemovedWaysIn({ fromFeatures: recovery.fromFeatures, providers });
    return {
      userId,
      restored: true,
      email: undo.email,
      removed: [...(recovery.password ? [m.removedPassword()] : []), ...waysIn],
    };
  });
}
