import { type Kysely, sql } from "kysely";
import { isPostgres } from "../../../db/migrations/types";
import type { Database } from "../../../db/schema";
import { done, type Outcome, type Refusal, refused } from "../action-kit.server";
import type { AccountMail, AddressMove } from "../mail/account-mail.server";
import type { SignInFacts } from "../mail/templates.server";
import { recordActivity } from "./activity.server";

/**
 * Changing the email address, in three steps: the dashboard asks (a link
 * goes to the new address), the new mailbox answers (the change is made,
 * and the old address is told, with an undo link), and perhaps the old
 * mailbox undoes it. The person and the address are read again at each
 * step, inside the transaction that writes.
 */

/** Whether an account other than `userId`'s signs in with `email`. */
async function takenByAnother(trx: Kysely<Database>, email: string, userId: string): Promise<boolean> {
  const row = await trx.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined && row.id !== userId;
}

/**
 * The account at `move.userId` now signs in with `move.email`, a proven
 * address: the person as they were; `gone` when the account was deleted
 * since, `taken` when another account has the address now.
 * `emailChangedAt`: now for a change, null for an undo (the address the
 * providers vouched for is back).
 */
async function moveAccount(trx: Kysely<Database>, move: AddressMove, emailChangedAt: string | null) {
  const user = await trx
    .selectFrom("user")
    .select(["id", "email", "name", "emailVerified"])
    .where("id", "=", move.userId)
    .executeTakeFirst();
  if (!user) return "gone" as const;
  const before = { ...user, emailVerified: Boolean(user.emailVerified) };
  if (user.email === move.email) return before;
  if (await takenByAnother(trx, move.email, user.id)) return "taken" as const;
  await trx
    .updateTable("user")
    .set({
      email: move.email,
      emailVerified: isPostgres(trx) ? sql<boolean>`true` : sql<number>`1`,
      updatedAt: new Date().toISOString(),
      emailChangedAt,
    })
    .where("id", "=", user.id)
    .execute();
  return before;
}

/** A link's value, as `AccountMail` wrote it: null when the token was unknown, used or expired. */
function moveOf(value: string | null): AddressMove | null {
  let move: unknown;
  try {
    move = JSON.parse(value ?? "null");
  } catch {
    return null;
  }
  if (!move || typeof move !== "object") return null;
  const { userId, email } = move as Record<string, unknown>;
  return typeof userId === "string" && typeof email === "string" ? { userId, email } : null;
}

type Requester = { id: string; email: string; emailVerified: boolean };

/** Why `user` cannot move to `newEmail` at all (checked before anything is counted or mailed), or null. */
export function emailChangeRefusal(user: Requester, newEmail: string): Refusal | null {
  if (newEmail === user.email) {
    return refused(400, "That is already your email address.", {
      newEmail: "That is already your email address.",
    });
  }
  if (!user.emailVerified) {
    return refused(400, "Confirm your current email address first: the banner above sends you the link.");
  }
  return null;
}

/**
 * Step 1: mails `newEmail` the link that makes the change, or, when that
 * address has an account already, a notice to its owner. The answer is
 * the same either way, so nobody learns from it who has an account.
 */
export async function requestEmailChange(
  mail: AccountMail,
  user: Requester,
  newEmail: string,
): Promise<Outcome> {
  const refusal = emailChangeRefusal(user, newEmail);
  if (refusal) return refusal;
  await mail.transaction(async (trx) => {
    if (await takenByAnother(trx, newEmail, user.id)) await mail.queueEmailChangeTaken(trx, newEmail);
    else await mail.queueEmailChangeLink(trx, { userId: user.id, email: newEmail });
  });
  return done(`We sent a link to ${newEmail}. Your address changes when you open it.`);
}

/**
 * Step 2, the link in the new mailbox: uses it up and moves the account to
 * the address, marked verified (the mailbox just answered). The old address
 * gets the notice with its undo link, and the log an entry. Null when the
 * link no longer works or the address has been taken since.
 */
export async function confirmEmailChange(
  mail: AccountMail,
  token: unknown,
  facts: SignInFacts,
): Promise<AddressMove | null> {
  const move = moveOf(await mail.consume("change-email", token));
  if (!move) return null;
  return mail.transaction(async (trx) => {
    const before = await moveAccount(trx, move, new Date().toISOString());
    if (typeof before === "string") return null;
    if (before.email === move.email) return move;
    await mail.queueEmailChangedNotice(trx, before, move.email, facts);
    await recordActivity(trx, { userId: move.userId, kind: "email-changed", ...facts });
    return move;
  });
}

/**
 * Step 3, "This wasn't me" in the old mailbox: uses the link up and puts
 * the old address back (unless another account took it since). The caller
 * then signs the account out everywhere. The account's id, or null when
 * the link no longer works.
 */
export async function undoEmailChange(
  mail: AccountMail,
  token: unknown,
  facts: SignInFacts,
): Promise<{ userId: string; restored: boolean } | null> {
  const back = moveOf(await mail.consume("undo-email-change", token));
  if (!back) return null;
  return mail.transaction(async (trx) => {
    const moved = await moveAccount(trx, back, null);
    if (moved === "gone") return null;
    const restored = moved !== "taken";
    await recordActivity(trx, {
      userId: back.userId,
      kind: "email-change-undone",
      success: restored,
      ...facts,
    });
    return { userId: back.userId, restored };
  });
}
