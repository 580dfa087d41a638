/**
 * Teams' mails: the invitation (to an address nobody here has proven, so
 * it carries nothing its sender typed but the team's name, which the
 * rules check like a person's name), and the notices to a team's owners
 * when ownership moves or the team is deleted.
 */
import type { MailMessage } from "~/server/mail/mailer.server";
import { composeMail, duration, type Recipient } from "~/server/mail/templates.server";
import { ROLE_NAMES, type TeamRole } from "./roles";

/** The invitation: what team, which role, and the link (once, for `validSeconds`). */
export function invitationMail(
  recipient: Recipient,
  invitation: { team: string; role: TeamRole },
  url: string,
  validSeconds: number,
): MailMessage {
  return composeMail({
    ...recipient,
    subject: `You are invited to join “${invitation.team}” on ${recipient.appName}`,
    lead: [
      `A member of the team “${invitation.team}” on ${recipient.appName} invited this address to join it as ${ROLE_NAMES[invitation.role].toLowerCase()}.`,
      "To accept, open the link, then sign in, or create an account, with this email address.",
    ],
    action: { label: "See the invitation", url },
    after: [
      `The link works once, for ${duration(validSeconds)}.`,
      "If you did not expect this, ignore this mail: nothing happens unless you accept.",
    ],
  });
}

/** To each owner after a transfer, the old one and the new: who owns the team now. */
export function ownershipMovedMail(
  recipient: Recipient,
  { team, newOwner }: { team: string; newOwner: string },
  url: string,
): MailMessage {
  return composeMail({
    ...recipient,
    subject: `Ownership of “${team}” moved on ${recipient.appName}`,
    lead: [`${newOwner} is now an owner of the team “${team}”, and the previous owner is now an admin.`],
    action: { label: "See the team", url },
    after: ["If you did not expect this, ask the team's owner, and check your account's recent activity."],
  });
}

/** To each owner of a deleted team. */
export function teamDeletedMail(recipient: Recipient, team: string, url: string): MailMessage {
  return composeMail({
    ...recipient,
    subject: `The team “${team}” was deleted on ${recipient.appName}`,
    lead: [
      `The team “${team}” was deleted by one of its owners. Its members and its waiting invitations are gone with it.`,
    ],
    action: { label: "See your teams", url },
    after: ["If you did not expect this, check your account's recent activity."],
  });
}
