/**
 * The mail to a person an administrator signed in as, for support: when,
 * for how long at most, and what stayed locked. It names no administrator
 * and carries no reason: those are the trail's, for the administrators.
 */
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import type { MailMessage } from "~/server/mail/mailer.server";
import { composeMail, duration, type Recipient, utcTime } from "~/server/mail/templates.server";
import { LOCKED_WHILE_SUPPORTING, SUPPORT_SIGN_IN_SECONDS } from "./constants";

export function supportSignInMail(recipient: Recipient, at: Date, appUrl: string): MailMessage {
  return composeMail(recipient, () => ({
    subject: `An administrator signed in to your ${recipient.appName} account`,
    lead: [
      `An administrator of ${recipient.appName} signed in to your account for support on ${utcTime(at)}.`,
      `It lasts ${duration(SUPPORT_SIGN_IN_SECONDS)} at most. Meanwhile these stay locked: ${LOCKED_WHILE_SUPPORTING}.`,
    ],
    action: { label: "See your account's activity", url: `${appUrl}${DEFAULT_SIGNED_IN_PATH}` },
    after: ["If you did not ask for help, contact support."],
  }));
}
