/**
 * Teams' mails: the invitation (to an address nobody here has proven, so
 * it carries nothing its sender typed but the team's name, which the
 * rule of ~/lib/shown-text.ts checks), and the notices to a team's owners
 * when ownership moves (with the link that takes it back) or the team is deleted.
 * A team named before the rule held, with a name it refuses, is "one of your teams" in them.
 */
import { shownOrNull } from "~/lib/shown-text";
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
  return composeMail(recipient, () => ({
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
  }));
}

/** The team's name in quotes, or "one of your teams" when the shown-text rule refuses it. */
const quoted = (team: string) => {
  const shown = shownOrNull(team);
  return shown ? `“${shown}”` : "one of your teams";
};

/** "the team “Acme”", or "one of your teams". */
const theTeam = (team: string) => (shownOrNull(team) ? `the team ${quoted(team)}` : quoted(team));

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a transfer's mails say: the team, and the address of its new owner. */
type Transfer = { team: string; newOwner: string };

const movedLead = ({ team, newOwner }: Transfer) =>
  `${newOwner} is now an owner of ${theTeam(team)}, and the previous owner is now an admin.`;

/** To the new owner after a transfer: who owns the team now. */
export function ownershipMovedMail(recipient: Recipient, transfer: Transfer, url: string): MailMessage {
  return composeMail(recipient, () => ({
    subject: `Ownership of ${quoted(transfer.team)} moved on ${recipient.appName}`,
    lead: [movedLead(transfer)],
    action: { label: "See the team", url },
    after: ["If you did not expect this, ask the team's owner, and check your account's recent activity."],
  }));
}

/** To the previous owner after a transfer: the same news, and the link that takes ownership back. */
export function ownershipHandedOverMail(
  recipient: Recipient,
  transfer: Transfer,
  takeBackUrl: string,
  validSeconds: number,
): MailMessage {
  return composeMail(recipient, () => ({
    subject: `Ownership of ${quoted(transfer.team)} moved on ${recipient.appName}`,
    lead: [
      movedLead(transfer),
      "If you did not mean to hand it over, take it back: you become its owner again, and they get their previous role.",
    ],
    action: { label: "Take ownership back", url: takeBackUrl },
    after: [
      `The link works once, for ${duration(validSeconds)}, while they are still its owner and you are still a member. Sign in with this account to use it.`,
      "If you did not expect this, check your account's recent activity.",
    ],
  }));
}

/** To both after ownership was taken back. */
export function ownershipTakenBackMail(
  recipient: Recipient,
  { team, owner }: { team: string; owner: string },
  url: string,
): MailMessage {
  return composeMail(recipient, () => ({
    subject: `Ownership of ${quoted(team)} was taken back on ${recipient.appName}`,
    lead: [
      `${owner} took back ownership of ${theTeam(team)} with the link mailed when they handed it over. The member they had made owner has their previous role again.`,
    ],
    action: { label: "See the team", url },
    after: ["If you did not expect this, check your account's recent activity."],
  }));
}

/** To each owner of a deleted team. */
export function teamDeletedMail(recipient: Recipient, team: string, url: string): MailMessage {
  return composeMail(recipient, () => ({
    subject: `${capitalized(theTeam(team))} was deleted on ${recipient.appName}`,
    lead: [
      `${capitalized(theTeam(team))} was deleted by one of its owners. Its members and its waiting invitations are gone with it.`,
    ],
    action: { label: "See your teams", url },
    after: ["If you did not expect this, check your account's recent activity."],
  }));
}
