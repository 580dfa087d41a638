import type { Kysely } from "kysely";
import type { AccountMail } from "~/server/auth/account-mail.server";
import type { SignInFacts } from "~/server/mail/templates.server";
import type { Database } from "../../../db/schema";
import { EMAIL_CHANGE_TOKEN_SECONDS, EMAIL_CHANGE_UNDO_SECONDS } from "./constants";
import {
  emailChangedMail,
  emailChangeMail,
  emailChangeTakenMail,
  emailChangeUndoneMail,
} from "./mail-templates.server";

/**
 * The mails of an email change, each queued in the transaction that makes
 * its step, with its link's token.
 */

type Person = { id: string; email: string; name: string; emailVerified: boolean };

/**
 * What an email-change or undo link carries: whose account, the address it
 * must still have (`from`) and the one it moves to (`to`), the account's
 * security stamp when the link was issued, and for a change the request it
 * answers. It applies only while all of them still hold (email-change.server.ts).
 */
export type AddressMove = { userId: string; from: string; to: string; stamp: number; request?: string };

/** The link that moves an account to `move.to`, to that address (nobody has proven it yet: no name). */
export async function queueEmailChangeLink(mail: AccountMail, trx: Kysely<Database>, move: AddressMove) {
  const url = await mail.mailedLink(trx, "change-email", JSON.stringify(move), EMAIL_CHANGE_TOKEN_SECONDS);
  const message = emailChangeMail(mail.toAddress(move.to), url, EMAIL_CHANGE_TOKEN_SECONDS);
  await mail.queue(trx, message, "email-change");
}

/** Instead of the link, when the address has an account already: only its owner learns of the attempt. */
export async function queueEmailChangeTaken(mail: AccountMail, trx: Kysely<Database>, to: string) {
  await mail.queue(trx, emailChangeTakenMail(mail.toAddress(to), mail.signInUrl), "email-change-taken");
}

/**
 * To the old address of a changed account (`user` as it was before
 * `move`): what it became, and the week-long undo link, which works
 * while the account still has `move.to` and the stamp the change left.
 */
export async function queueEmailChangedNotice(
  mail: AccountMail,
  trx: Kysely<Database>,
  {
    user,
    move,
    stampAfter,
    facts,
  }: { user: Person; move: AddressMove; stampAfter: number; facts: SignInFacts },
) {
  const back: AddressMove = { userId: user.id, from: move.to, to: move.from, stamp: stampAfter };
  const url = await mail.mailedLink(
    trx,
    "undo-email-change",
    JSON.stringify(back),
    EMAIL_CHANGE_UNDO_SECONDS,
  );
  const message = emailChangedMail(mail.recipient(user), move.to, facts, url, EMAIL_CHANGE_UNDO_SECONDS);
  await mail.queue(trx, message, "email-changed");
}

/** To the address an undo replaced: it no longer signs in to the account. */
export async function queueEmailChangeUndoneNotice(
  mail: AccountMail,
  trx: Kysely<Database>,
  replaced: string,
) {
  await mail.queue(
    trx,
    emailChangeUndoneMail(mail.toAddress(replaced), mail.signInUrl),
    "email-change-undone",
  );
}
