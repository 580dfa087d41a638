import type { Kysely } from "kysely";
import type { z } from "zod";
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
 * What a change link carries: whose account, the address it must still have
 * (`from`) and the one it moves to (`to`), the account's security stamp
 * when the link was issued, and the request it answers. It applies only
 * while all of them still hold (email-change.server.ts).
 */
export type AddressMove = { userId: string; from: string; to: string; stamp: number; request: string };

/** What an undo link carries: whose account, and its row in `emailChangeUndo` (./undo.server.ts). */
export type UndoLink = { userId: string; undo: string };

/** What a link's token carries, read by `schema`: null when the token was unknown, used or expired (or its value is not of that shape). */
export function linkValue<Value>(schema: z.ZodType<Value>, value: string | null): Value | null {
  try {
    const parsed = schema.safeParse(JSON.parse(value ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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
 * To the old address of a changed account (`user` as it was before the
 * change): what it became, and the week-long undo link (./undo.server.ts).
 */
export async function queueEmailChangedNotice(
  mail: AccountMail,
  trx: Kysely<Database>,
  { user, newEmail, undo, facts }: { user: Person; newEmail: string; undo: UndoLink; facts: SignInFacts },
) {
  const url = await mail.mailedLink(
    trx,
    "undo-email-change",
    JSON.stringify(undo),
    EMAIL_CHANGE_UNDO_SECONDS,
  );
  const message = emailChangedMail(mail.recipient(user), newEmail, facts, url, EMAIL_CHANGE_UNDO_SECONDS);
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
