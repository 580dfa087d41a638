/**
 * The suspension's mails to the person: suspended, and lifted. Neither
 * says the administrator's reason: it is the trail's, written for other
 * administrators, not a message to the person.
 */
import type { MailMessage } from "~/server/mail/mailer.server";
import { composeMail, type Recipient, utcTime } from "~/server/mail/templates.server";
import { ACCOUNT_SUSPENDED_MESSAGE } from "./constants";

/** To the person once their account is suspended: until when, and that every device was signed out. No link: no way in works. */
export function suspendedMail(recipient: Recipient, until: Date | null): MailMessage {
  return composeMail(recipient, () => ({
    subject: `Your ${recipient.appName} account is suspended`,
    lead: [
      `An administrator suspended your ${recipient.appName} account ${until ? `until ${utcTime(until)}` : "with no end date"}. Every device signed in to it was signed out, and nobody can sign in to it meanwhile.`,
      ACCOUNT_SUSPENDED_MESSAGE,
    ],
    after: [],
  }));
}

/** To the person once the suspension is lifted: they may sign in again. */
export function suspensionLiftedMail(recipient: Recipient, signInUrl: string): MailMessage {
  return composeMail(recipient, () => ({
    subject: `Your ${recipient.appName} account is no longer suspended`,
    lead: [
      `An administrator lifted the suspension of your ${recipient.appName} account: you can sign in again.`,
    ],
    action: { label: "Sign in", url: signInUrl },
    after: [],
  }));
}
