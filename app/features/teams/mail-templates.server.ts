/**
 * Teams' mails: the invitation (to an address nobody here has proven, so
 * it carries nothing its sender typed but the team's name, which the
 * rule of ~/lib/shown-text.ts checks), and the notices to a team's owners
 * when ownership moves (with the link that takes it back) or the team is deleted.
 * A team named before the rule held, with a name it refuses, is "one of your teams" in them.
 * Every word is a message, said in the recipient's language (`composeMail` runs the content in it).
 */
import { shownOrNull } from "~/lib/shown-text";
import type { MailMessage } from "~/server/mail/mailer.server";
import { composeMail, duration, type Recipient } from "~/server/mail/templates.server";
import * as m from "./messages";
import type { TeamRole } from "./roles";

/** The invitation: what team, which role, and the link (once, for `validSeconds`). */
export function invitationMail(
  recipient: Recipient,
  invitation: { team: string; role: TeamRole },
  url: string,
  validSeconds: number,
): MailMessage {
  const about = { team: invitation.team, app: recipient.appName };
  return composeMail(recipient, () => ({
    subject: m.invitationMailSubject(about),
    lead: [m.invitationMailLead({ ...about, role: invitation.role }), m.invitationMailHowToAccept()],
    action: { label: m.invitationMailAction(), url },
    after: [m.mailLinkWorksOnce({ duration: duration(validSeconds) }), m.invitationMailNotYou()],
  }));
}

/**
 * A team's name as the messages take it: `named` is "yes" with the name when
 * the shown-text rule keeps it, "no" otherwise, and each sentence then says
 * "one of your teams" in its own words (each language declines it its way).
 */
const teamOf = (team: string) => {
  const shown = shownOrNull(team);
  return { named: shown ? "yes" : "no", team: shown ?? "" };
};

/** What a transfer's mails say: the team, and the address of its new owner. */
type Transfer = { team: string; newOwner: string };

const movedLead = ({ team, newOwner }: Transfer) => m.ownershipMovedLead({ ...teamOf(team), newOwner });

/** To the new owner after a transfer: who owns the team now. */
export function ownershipMovedMail(recipient: Recipient, transfer: Transfer, url: string): MailMessage {
  return composeMail(recipient, () => ({
    subject: m.ownershipMovedSubject({ ...teamOf(transfer.team), app: recipient.appName }),
    lead: [movedLead(transfer)],
    action: { label: m.seeTheTeam(), url },
    after: [m.ownershipMovedNotYou()],
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
    subject: m.ownershipMovedSubject({ ...teamOf(transfer.team), app: recipient.appName }),
    lead: [movedLead(transfer), m.handedOverTakeItBack()],
    action: { label: m.takeOwnershipBack(), url: takeBackUrl },
    after: [m.takeBackLinkValidity({ duration: duration(validSeconds) }), m.checkRecentActivity()],
  }));
}

/** To both after ownership was taken back. */
export function ownershipTakenBackMail(
  recipient: Recipient,
  { team, owner }: { team: string; owner: string },
  url: string,
): MailMessage {
  return composeMail(recipient, () => ({
    subject: m.ownershipTakenBackSubject({ ...teamOf(team), app: recipient.appName }),
    lead: [m.ownershipTakenBackLead({ ...teamOf(team), owner })],
    action: { label: m.seeTheTeam(), url },
    after: [m.checkRecentActivity()],
  }));
}

/** To each owner of a deleted team. */
export function teamDeletedMail(recipient: Recipient, team: string, url: string): MailMessage {
  return composeMail(recipient, () => ({
    subject: m.teamDeletedSubject({ ...teamOf(team), app: recipient.appName }),
    lead: [m.teamDeletedLead(teamOf(team))],
    action: { label: m.seeYourTeams(), url },
    after: [m.checkRecentActivity()],
  }));
}
