import type { MailMessage } from "~/server/mail/mailer.server";
import {
  composeMail,
  duration,
  factLines,
  type Recipient,
  type SignInFacts,
} from "~/server/mail/templates.server";
import * as m from "./messages";

/**
 * The mails of an email change: the link to the new address (or, when it
 * has an account, a notice to its owner), the notice with its undo link to
 * the old address, and the word to the address an undo replaced.
 */

/**
 * To the new address someone asked to move an account to: the link that
 * makes the change. Until it is followed nothing changes, so a mistyped
 * address can never take the account over.
 */
export function emailChangeMail(recipient: Recipient, url: string, validSeconds: number): MailMessage {
  return composeMail(recipient, () => ({
    subject: m.changeMailSubject({ appName: recipient.appName }),
    lead: [m.changeMailLead({ appName: recipient.appName }), m.changeMailConfirm()],
    action: { label: m.switchToThisAddress(), url },
    after: [m.changeMailValidity({ duration: duration(validSeconds) }), m.changeMailNotYou()],
  }));
}

/**
 * Sent instead of the link when the new address already has an account:
 * the requester sees the same answer either way, and only the owner of
 * the address learns that someone tried.
 */
export function emailChangeTakenMail(recipient: Recipient, signInUrl: string): MailMessage {
  return composeMail(recipient, () => ({
    name: null,
    subject: m.takenMailSubject({ appName: recipient.appName }),
    lead: [m.takenMailLead({ appName: recipient.appName }), m.takenMailIfYou()],
    action: { label: m.mailSignIn(), url: signInUrl },
    after: [m.takenMailNotYou()],
  }));
}

/** To the old address once the change is made: what it became, and a week to undo it, sign out everywhere and take the account back. */
export function emailChangedMail(
  recipient: Recipient,
  newEmail: string,
  facts: SignInFacts,
  undoUrl: string,
  validSeconds: number,
): MailMessage {
  return composeMail(recipient, () => ({
    subject: m.changedMailSubject({ appName: recipient.appName }),
    lead: [
      m.changedMailLead({ appName: recipient.appName, email: newEmail }),
      ...factLines(facts),
      m.changedMailIfYou(),
    ],
    action: { label: m.changedMailAction(), url: undoUrl },
    after: [m.changedMailAfter({ duration: duration(validSeconds) })],
  }));
}

/** To the address an undo replaced: it no longer signs in to the account (no name: the owner of the older address acted). */
export function emailChangeUndoneMail(recipient: Recipient, signInUrl: string): MailMessage {
  return composeMail(recipient, () => ({
    name: null,
    subject: m.undoneMailSubject({ appName: recipient.appName }),
    lead: [m.undoneMailLead({ appName: recipient.appName }), m.undoneMailNoLonger()],
    action: { label: m.mailSignIn(), url: signInUrl },
    after: [m.undoneMailNotYou()],
  }));
}
