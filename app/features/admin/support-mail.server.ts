/**
 * The mail to a person an administrator signed in as, for support: when,
 * for how long at most, and what stayed locked. It names no administrator
 * and carries no reason: those are the trail's, for the administrators.
 * Its words are the person's language (`recipient.locale`), not the
 * administrator's.
 */
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import type { MailMessage } from "~/server/mail/mailer.server";
import { composeMail, duration, type Recipient, utcTime } from "~/server/mail/templates.server";
import { SUPPORT_SIGN_IN_SECONDS } from "./constants";
import * as m from "./messages";

export function supportSignInMail(recipient: Recipient, at: Date, appUrl: string): MailMessage {
  const { appName } = recipient;
  return composeMail(recipient, () => ({
    subject: m.supportMailSubject({ appName }),
    lead: [
      m.supportMailLead({ appName, at: utcTime(at) }),
      m.supportMailLocked({ duration: duration(SUPPORT_SIGN_IN_SECONDS), locked: m.lockedWhileSupporting() }),
    ],
    action: { label: m.supportMailAction(), url: `${appUrl}${DEFAULT_SIGNED_IN_PATH}` },
    after: [m.supportMailNotYou()],
  }));
}
