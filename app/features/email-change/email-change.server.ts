import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { done, type Outcome, type Refusal, refused } from "~/server/action-kit.server";
import type { AccountMail } from "~/server/auth/account-mail.server";
import { recordActivity } from "~/server/auth/activity.server";
import type { SignInFacts } from "~/server/mail/templates.server";
import type { Database } from "../../../db/schema";
import {
  type AddressMove,
  queueEmailChangedNotice,
  queueEmailChangeLink,
  queueEmailChangeTaken,
  queueEmailChangeUndoneNotice,
} from "./mail.server";

/**
 * Changing the email address, in three steps: the dashboard asks (a link
 * goes to the new address), the new mailbox answers in a browser signed in
 * to the account (the change is made, and the old address is told, with an
 * undo link), and perhaps the old mailbox undoes it.
 *
 * A link is a bearer token, so it acts only on the state it was sent for
 * (`AddressMove`): the account still has the address the link moves it
 * from, and the security stamp it was issued under (raised by every change,
 * undo, password reset or change and "sign out everywhere":
 * app/server/auth/security-stamp.server.ts); a change link also needs its request to be the
 * one waiting (a new request replaces it). The check and the move are one
 * conditional update, so two links racing each other cannot both apply.
 */

/** What a link's state is checked against: the account's address, stamp and waiting change. */
type LinkState = { email: string; securityStamp: number; pendingEmailChange: string | null };

/** Reads the account the way `stillApplies` needs it. */
const readLinkState = (trx: Kysely<Database>, userId: string) =>
  trx
    .selectFrom("user")
    .select(["id", "email", "name", "emailVerified", "securityStamp", "pendingEmailChange"])
    .where("id", "=", userId)
    .executeTakeFirst();

/** Whether the account, as read, is still in the state `move` was issued for (the move checks again, atomically). */
function stillApplies(user: LinkState | undefined, move: AddressMove): user is LinkState {
  return (
    user?.email === move.from &&
    user.securityStamp === move.stamp &&
    (move.request === undefined || user.pendingEmailChange === move.request)
  );
}

/** Whether an account other than `userId`'s signs in with `email`. */
async function takenByAnother(trx: Kysely<Database>, email: string, userId: string): Promise<boolean> {
  const row = await trx.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
  return row !== undefined && row.id !== userId;
}

/**
 * Moves the account to `move.to`, a proven address, if it is still in the
 * state the link was sent for; raises its stamp (voiding every other link)
 * and drops the waiting request. The person as they were and the stamp
 * after; `stale` when the link no longer applies (the account deleted,
 * another address or stamp, another request waiting), `taken` when another
 * account has the address now. `emailChangedAt`: now for a change, null for
 * an undo (the address the providers vouched for is back).
 */
async function moveAccount(trx: Kysely<Database>, move: AddressMove, emailChangedAt: Date | null) {
  const user = await readLinkState(trx, move.userId);
  if (!user || !stillApplies(user, move)) return "stale";
  if (await takenByAnother(trx, move.to, user.id)) return "taken";
  const moved = await trx
    .updateTable("user")
    .set((eb) => ({
      email: move.to,
      emailVerified: true,
      updatedAt: new Date(),
      emailChangedAt,
      securityStamp: eb("securityStamp", "+", 1),
      pendingEmailChange: null,
    }))
    .where("id", "=", user.id)
    .where("email", "=", move.from)
    .where("securityStamp", "=", move.stamp)
    .$if(move.request !== undefined, (query) => query.where("pendingEmailChange", "=", move.request ?? ""))
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return "stale";
  return {
    before: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
    stampAfter: move.stamp + 1,
  };
}

const addressMove = z.object({
  userId: z.string(),
  from: z.string(),
  to: z.string(),
  stamp: z.number().int(),
  request: z.string().optional(),
});

/** A link's value, as mail.server.ts wrote it: null when the token was unknown, used or expired (or written by an older version). */
function moveOf(value: string | null): AddressMove | null {
  try {
    const parsed = addressMove.safeParse(JSON.parse(value ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
    const request = randomUUID();
    // At most one change waits: this one replaces any other, whose link stops working.
    const now = await trx
      .updateTable("user")
      .set({ pendingEmailChange: request })
      .where("id", "=", user.id)
      .returning(["email", "securityStamp"])
      .executeTakeFirst();
    if (!now) return;
    if (await takenByAnother(trx, newEmail, user.id)) await queueEmailChangeTaken(mail, trx, newEmail);
    else {
      const move = { userId: user.id, from: now.email, to: newEmail, stamp: now.securityStamp, request };
      await queueEmailChangeLink(mail, trx, move);
    }
  });
  return done(`We sent a link to ${newEmail}. Your address changes when you open it.`);
}

/**
 * What a change link's page offers: `ready` in a browser signed in to the
 * account that asked, `sign-in-first` in any other, null when the link no
 * longer works or no longer applies. Uses nothing up.
 */
export async function changeLinkState(
  mail: AccountMail,
  token: unknown,
  signedInUserId: string | null,
): Promise<"ready" | "sign-in-first" | null> {
  const waiting = moveOf(await mail.peek("change-email", token));
  if (!waiting) return null;
  const account = await mail.transaction((trx) => readLinkState(trx, waiting.userId));
  if (!stillApplies(account, waiting)) return null;
  return waiting.userId === signedInUserId ? "ready" : "sign-in-first";
}

/** What following a change link did: moved the account, or nothing yet because this browser is not signed in to it. */
export type ChangeConfirmation = { moved: AddressMove } | { signInFirst: true } | null;

/**
 * Step 2, the link in the new mailbox, followed in a browser signed in to
 * the account (`signedInUserId`): uses it up and moves the account to the
 * address, marked verified (the mailbox just answered). The old address
 * gets the notice with its undo link, and the log an entry. In any other
 * browser nothing is used up: `signInFirst`, so a mailbox owner's click
 * never completes a stranger's move into their address. Null when the link
 * no longer works.
 */
export async function confirmEmailChange(
  mail: AccountMail,
  token: unknown,
  signedInUserId: string | null,
  facts: SignInFacts,
): Promise<ChangeConfirmation> {
  const state = await changeLinkState(mail, token, signedInUserId);
  if (state !== "ready") return state && { signInFirst: true };
  const move = moveOf(await mail.consume("change-email", token));
  if (!move) return null;
  return mail.transaction(async (trx) => {
    const moved = await moveAccount(trx, move, new Date());
    if (typeof moved === "string") return null;
    await queueEmailChangedNotice(mail, trx, {
      user: moved.before,
      move,
      stampAfter: moved.stampAfter,
      facts,
    });
    await recordActivity(trx, { userId: move.userId, kind: "email-changed", ...facts });
    return { moved: move };
  });
}

/**
 * Step 3, "This wasn't me" in the old mailbox: uses the link up and, while
 * the account still has the address and stamp the change left, puts the
 * old address back (unless another account took it since) and tells the
 * address it replaces. The caller then signs the account out everywhere.
 * The account's id, or null when the link no longer works or no longer
 * applies.
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
    if (moved === "stale") return null;
    const restored = moved !== "taken";
    if (restored) await queueEmailChangeUndoneNotice(mail, trx, back.from);
    await recordActivity(trx, {
      userId: back.userId,
      kind: "email-change-undone",
      success: restored,
      ...facts,
    });
    return { userId: back.userId, restored };
  });
}
