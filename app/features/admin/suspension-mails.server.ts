/**
 * The suspension's mails to the person: suspended, and lifted. Neither
 * says the administrator's reason: it is the trail's, written for other
 * administrators, not a message to the person. Their words are the
 * person's language (`recipient.locale`), not the administrator's.
 */
import { accountRefusedMessage } from "~/lib/account-refused";
import type { MailMessage } from "~/server/mail/mailer.server";
import { composeMail, type Recipient, utcTime } from "~/server/mail/templates.server";
import * as m from "./messages";

/** To the person once their account is suspended: until when, and that every device was signed out. No link: no way in works. */
export function suspendedMail(recipient: Recipient, until: Date | null): MailMessage {
  const { appName } = recipient;
  return composeMail(recipient, () => ({
    subject: m.suspendedMailSubject({ appName }),
    lead: [
      until
        ? m.suspendedMailLeadUntil({ appName, until: utcTime(until) })
        : m.suspendedMailLeadNoEnd({ appName }),
      accountRefusedMessage(),
    ],
    after: [],
  }));
}

/** To the person once the suspension is lifted: they may sign in again. */
export function suspensionLiftedMail(recipient: Recipient, signInUrl: string): MailMessage {
  const { appName } = recipient;
  return composeMail(recipient, () => ({
    subject: m.liftedMailSubject({ appName }),
    lead: [m.liftedMailLead({ appName })],
    action: { label: m.liftedMailAction(), url: signInUrl },
    after: [],
  }));
}
