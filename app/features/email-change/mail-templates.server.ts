import type { MailMessage } from "~/server/mail/mailer.server";
import {
  composeMail,
  duration,
  factLines,
  type Recipient,
  type SignInFacts,
} from "~/server/mail/templates.server";

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
    subject: `Confirm your new email address for ${recipient.appName}`,
    lead: [
      `Someone signed in to a ${recipient.appName} account asked to change its email address to this one.`,
      "Confirm, and this address signs in to the account from then on.",
    ],
    action: { label: "Use this email address", url },
    after: [
      `The link works once, for ${duration(validSeconds)}.`,
      "If you did not ask for this, ignore this mail: nothing changes without the link.",
    ],
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
    subject: `Someone tried to move a ${recipient.appName} account to your address`,
    lead: [
      `Someone signed in to a ${recipient.appName} account asked to change its email address to this one, which already has an account. Nothing changed.`,
      "If it was you: sign in to this address's account instead.",
    ],
    action: { label: "Sign in", url: signInUrl },
    after: ["If it was not you, there is nothing to do."],
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
    subject: `The email address of your ${recipient.appName} account was changed`,
    lead: [
      `The email address of your ${recipient.appName} account is now ${newEmail}. This address no longer signs in to it.`,
      ...factLines(facts),
      "If this was you, there is nothing to do.",
    ],
    action: { label: "This wasn't me: undo and sign out everywhere", url: undoUrl },
    after: [
      `The link works once, for ${duration(validSeconds)}, whatever happens to the account meanwhile; until then its address cannot change again. It puts this address back and signs the account out on every device. It also removes the password, two-step sign-in, and the passkeys and sign-in providers added since whoever made the change signed in: then choose a new password with "Forgot password" on the sign-in page.`,
    ],
  }));
}

/** To the address an undo replaced: it no longer signs in to the account (no name: the owner of the older address acted). */
export function emailChangeUndoneMail(recipient: Recipient, signInUrl: string): MailMessage {
  return composeMail(recipient, () => ({
    name: null,
    subject: `This address no longer signs in to a ${recipient.appName} account`,
    lead: [
      `A ${recipient.appName} account had moved to this address. The owner of its previous address undid that change: the account signs in with that address again, and every device was signed out.`,
      "This address no longer signs in to it.",
    ],
    action: { label: "Sign in", url: signInUrl },
    after: ["If you did not expect this, there is nothing to do: nothing else is tied to this address."],
  }));
}
