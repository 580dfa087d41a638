import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { z } from "zod";
import { done, type Outcome, type Refusal, refused } from "~/server/action-kit.server";
import type { AccountMail } from "~/server/auth/account-mail.server";
import { recordActivity } from "~/server/auth/activity.server";
import type { SignInFacts } from "~/server/mail/templates.server";
import type { Database } from "../../../db/schema";
import { takenByAnother } from "./address.server";
import {
  type AddressMove,
  linkValue,
  queueEmailChangedNotice,
  queueEmailChangeLink,
  queueEmailChangeTaken,
} from "./mail.server";
import * as m from "./messages";
import { openUndo, undoableUntil, undoPendingRefusal } from "./undo.server";

/**
 * Changing the email address, in three steps: the dashboard asks (a link
 * goes to the new address), the new mailbox answers in a browser signed in
 * to the account (the change is made, and the old address is told, with an
 * undo link: ./undo.server.ts), and perhaps the old mailbox undoes it.
 *
 * A change link is a bearer token, so it acts only on the state it was sent
 * for (`AddressMove`): the account still has the address the link moves it
 * from, the security stamp it was issued under (raised by every change,
 * undo, password reset or change and "sign out everywhere":
 * app/server/auth/security-stamp.server.ts) and its request waiting (a new
 * request replaces it). The check and the move are one conditional update,
 * so two links racing each other cannot both apply. While the old address
 * can still undo a change, no new change is asked for or made.
 */

/** What a change link's state is checked against: the account's address, stamp and waiting change. */
type LinkState = { email: string; securityStamp: number; pendingEmailChange: string | null };

/** Reads the account the way `stillApplies` needs it. */
const readLinkState = (trx: Kysely<Database>, userId: string) =>
  trx
    .selectFrom("user")
    .select(["id", "email", "name", "emailVerified", "emailChangedAt", "securityStamp", "pendingEmailChange"])
    .where("id", "=", userId)
    .executeTakeFirst();

/** Whether the account, as read, is still in the state `move` was issued for (the move checks again, atomically). */
function stillApplies(user: LinkState | undefined, move: AddressMove): user is LinkState {
  return (
    user?.email === move.from && user.securityStamp === move.stamp && user.pendingEmailChange === move.request
  );
}

/**
 * Moves the account to `move.to`, a proven address, if it is still in the
 * state the link was sent for; raises its stamp (voiding every other change
 * link) and drops the waiting request. The person as they were; `stale`
 * when the link no longer applies (the account deleted, another address or
 * stamp, another request waiting), `taken` when another account has the
 * address now.
 */
async function moveAccount(trx: Kysely<Database>, move: AddressMove) {
  const user = await readLinkState(trx, move.userId);
  if (!user || !stillApplies(user, move)) return "stale";
  if (await takenByAnother(trx, move.to, user.id)) return "taken";
  const now = new Date();
  const moved = await trx
    .updateTable("user")
    .set((eb) => ({
      email: move.to,
      emailVerified: true,
      updatedAt: now,
      emailChangedAt: now,
      securityStamp: eb("securityStamp", "+", 1),
      pendingEmailChange: null,
    }))
    .where("id", "=", user.id)
    .where("email", "=", move.from)
    .where("securityStamp", "=", move.stamp)
    .where("pendingEmailChange", "=", move.request)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return "stale";
  return user;
}

const addressMove = z.object({
  userId: z.string(),
  from: z.string(),
  to: z.string(),
  stamp: z.number().int(),
  request: z.string(),
});

/** A change link's value, as mail.server.ts wrote it: null when the token was unknown, used or expired. */
const moveOf = (value: string | null): AddressMove | null => linkValue(addressMove, value);

type Requester = { id: string; email: string; emailVerified: boolean };

/** Why `user` cannot move to `newEmail` at all (checked before anything is counted or mailed), or null. */
export function emailChangeRefusal(user: Requester, newEmail: string): Refusal | null {
  if (newEmail === user.email) {
    return refused(400, m.alreadyYourAddress(), { newEmail: m.alreadyYourAddress() });
  }
  if (!user.emailVerified) {
    return refused(400, m.confirmCurrentAddressFirst());
  }
  return null;
}

/**
 * Step 1: mails `newEmail` the link that makes the change, or, when that
 * address has an account already, a notice to its owner. The answer is
 * the same either way, so nobody learns from it who has an account. While
 * the old address can still undo the last change, nothing is asked for: a
 * `409` says until when.
 */
export async function requestEmailChange(
  mail: AccountMail,
  user: Requester,
  newEmail: string,
): Promise<Outcome> {
  const refusal = emailChangeRefusal(user, newEmail);
  if (refusal) return refusal;
  const undoPending = await mail.transaction(async (trx) => {
    const until = await undoableUntil(trx, user.id);
    if (until) return undoPendingRefusal(until);
    const request = randomUUID();
    // At most one change waits: this one replaces any other, whose link stops working.
    const now = await trx
      .updateTable("user")
      .set({ pendingEmailChange: request })
      .where("id", "=", user.id)
      .returning(["email", "securityStamp"])
      .executeTakeFirst();
    if (!now) return null;
    if (await takenByAnother(trx, newEmail, user.id)) await queueEmailChangeTaken(mail, trx, newEmail);
    else {
      const move = { userId: user.id, from: now.email, to: newEmail, stamp: now.securityStamp, request };
      await queueEmailChangeLink(mail, trx, move);
    }
    return null;
  });
  return undoPending ?? done(m.linkSent({ email: newEmail }));
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

/** The browser that follows a change link: the account it is signed in to, and since when. */
export type SignedInBrowser = { userId: string; signedInAt: Date };

/**
 * Step 2, the link in the new mailbox, followed in a browser signed in to
 * the account (`signedIn`): uses it up and moves the account to the
 * address, marked verified (the mailbox just answered). The old address
 * gets the notice with its undo link, which takes away what was added from
 * this browser's sign-in on, and the log an entry. In any other browser
 * nothing is used up: `signInFirst`, so a mailbox owner's click never
 * completes a stranger's move into their address. Null when the link no
 * longer works.
 */
export async function confirmEmailChange(
  mail: AccountMail,
  token: unknown,
  signedIn: SignedInBrowser | null,
  facts: SignInFacts,
): Promise<ChangeConfirmation> {
  const state = await changeLinkState(mail, token, signedIn?.userId ?? null);
  if (state !== "ready" || !signedIn) return state && { signInFirst: true };
  const move = moveOf(await mail.consume("change-email", token));
  if (!move) return null;
  return mail.transaction(async (trx) => {
    if (await undoableUntil(trx, move.userId)) return null;
    const before = await moveAccount(trx, move);
    if (typeof before === "string") return null;
    const undo = await openUndo(trx, {
      userId: before.id,
      email: before.email,
      emailChangedAt: before.emailChangedAt,
      since: signedIn.signedInAt,
    });
    await queueEmailChangedNotice(mail, trx, { user: before, newEmail: move.to, undo, facts });
    await recordActivity(trx, { userId: move.userId, kind: "email-changed", ...facts });
    return { moved: move };
  });
}
