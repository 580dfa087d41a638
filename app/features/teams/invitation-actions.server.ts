/** Invitations' forms: invite, send again, revoke, and the invitee's accept or decline. */
import { redirect } from "react-router";
import { shownOrNull } from "~/lib/shown-text";
import { done, refused } from "~/server/action-kit.server";
import type { ActionPolicy } from "~/server/action-policy.server";
import type { AppServices } from "~/server/context.server";
import { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { TEAMS_PATH, teamPath } from "./constants";
import {
  answerInvitation,
  INVITATION_GONE,
  mailInvitation,
  voidInvitationLinks,
  waitingInvitation,
} from "./invitations.server";
import { invitationLimit } from "./limits.server";
import * as m from "./messages";
import type { TeamRole } from "./roles";
import { notAllowed, teamAction, teamApi, viaPlugin } from "./team-action-kit.server";
import { logTeamChange } from "./team-activity.server";
import {
  acceptInvitationForm,
  declineInvitationForm,
  inviteForm,
  resendInvitationForm,
  revokeInvitationForm,
} from "./team-forms";
import type { Team } from "./team-membership.server";
import { provenAccountOf } from "./teams.server";

/**
 * What stands before mailing `email` an invitation to `team`: a stored
 * name that breaks the rule of text others read (a team named before the
 * rule existed mails nobody until it is renamed), or a limit (counted).
 */
async function beforeMailing(
  services: AppServices,
  request: Request,
  team: Team,
  invitation: { email: string; senderId: string },
) {
  if (shownOrNull(team.name) === null) {
    return refused(409, m.renameTeamFirst());
  }
  return invitationLimit(services, request, { teamId: team.id, ...invitation });
}

/** Logs an invitation for its sender, and for the invited address's account if it has one. */
async function logInvitation(
  services: AppServices,
  request: Request,
  sender: string,
  invitation: { email: string; role: TeamRole; team: string },
) {
  const invitee = await provenAccountOf(services.db, invitation.email);
  const { email, team, role } = invitation;
  await logTeamChange(services.db, request, [
    {
      userId: sender,
      kind: "team-invitation-sent",
      detail: () => m.invitationSentDetail({ email, team, role }),
    },
    ...(invitee
      ? [
          {
            userId: invitee.id,
            kind: "team-invitation-received",
            detail: () => m.invitationReceivedDetail({ team, role }),
          },
        ]
      : []),
  ]);
}

/** "Invite": owners and admins, by address and role (admin or member); a mail with the link. */
const invite = teamAction({
  ...inviteForm,
  policy: {
    effect: "access",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-invitation-sent", "team-invitation-received"],
    whileImpersonating: "refused",
  },
  right: "invite",
  async run({ services, request, signedIn: { user }, form }, team) {
    const refusal = await beforeMailing(services, request, team, { email: form.email, senderId: user.id });
    if (refusal) return refusal;
    let created: { id: string } | null = null;
    const outcome = await viaPlugin(
      async () => {
        created = await teamApi(services).createInvitation({
          body: { email: form.email, role: form.role, organizationId: team.id },
          headers: request.headers,
        });
      },
      m.invitationSentTo({ email: form.email }),
    );
    if (!outcome.ok || !created) return outcome;
    const invitation = {
      id: (created as { id: string }).id,
      email: form.email,
      role: form.role,
      team: team.name,
    };
    await mailInvitation(services.mail, invitation);
    await logInvitation(services, request, user.id, invitation);
    return outcome;
  },
});

/** A waiting invitation of `team`, or the refusal. */
async function invitationOf(services: AppServices, team: Team, invitationId: string) {
  const invitation = await waitingInvitation(services.db, invitationId);
  return invitation && invitation.teamId === team.id ? invitation : null;
}

/** "Send again": a fresh link for another week; the links mailed before stop working. */
const resendInvitation = teamAction({
  ...resendInvitationForm,
  policy: {
    effect: "access",
    proof: "recent-sign-in",
    limits: [],
    activity: [],
    whileImpersonating: "refused",
  },
  target: "invitationId",
  right: "invite",
  async run({ services, request, signedIn: { user }, form }, team) {
    const invitation = await invitationOf(services, team, form.invitationId);
    if (!invitation) return INVITATION_GONE;
    if (invitation.role === "owner" && team.myRole !== "owner") return notAllowed("invite");
    const refusal = await beforeMailing(services, request, team, {
      email: invitation.email,
      senderId: user.id,
    });
    if (refusal) return refusal;
    const outcome = await viaPlugin(
      () =>
        teamApi(services).createInvitation({
          body: { email: invitation.email, role: invitation.role, organizationId: team.id, resend: true },
          headers: request.headers,
        }),
      m.invitationSentAgainTo({ email: invitation.email }),
    );
    if (!outcome.ok) return outcome;
    await mailInvitation(services.mail, invitation);
    await logInvitation(services, request, user.id, invitation);
    return outcome;
  },
});

/** "Revoke": the invitation is cancelled and its links stop working. */
const revokeInvitation = teamAction({
  ...revokeInvitationForm,
  policy: {
    effect: "access",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-invitation-revoked"],
    whileImpersonating: "refused",
  },
  target: "invitationId",
  right: "revokeInvitation",
  async run({ services, request, signedIn: { user }, form }, team) {
    const invitation = await invitationOf(services, team, form.invitationId);
    if (!invitation) return INVITATION_GONE;
    const outcome = await viaPlugin(
      () =>
        teamApi(services).cancelInvitation({
          body: { invitationId: invitation.id },
          headers: request.headers,
        }),
      m.invitationRevoked({ email: invitation.email }),
    );
    if (!outcome.ok) return outcome;
    await voidInvitationLinks(services.db, invitation);
    await logTeamChange(services.db, request, [
      {
        userId: user.id,
        kind: "team-invitation-revoked",
        detail: () => m.invitationRevokedDetail({ email: invitation.email, team: team.name }),
      },
    ]);
    return outcome;
  },
});

/**
 * Answering an invitation, on the teams page or its mailed link's: joining
 * gives access to the person's own account only, on an invitation to their
 * verified address; never by an administrator in their place.
 */
export const ANSWER_POLICY: ActionPolicy = {
  effect: "own",
  proof: "session",
  limits: [],
  activity: ["team-joined", "team-member-joined", "team-invitation-declined"],
  whileImpersonating: "refused",
};

/** "Accept" / "Decline" on the teams page: an invitation waiting for the person's verified address. */
const answer = (join: boolean) =>
  dashboardAction({
    ...(join ? acceptInvitationForm : declineInvitationForm),
    page: TEAMS_PATH,
    policy: ANSWER_POLICY,
    target: "invitationId",
    async run({ services, request, signedIn: { user }, form }) {
      const invitation = await waitingInvitation(services.db, form.invitationId);
      if (!invitation) return INVITATION_GONE;
      const outcome = await answerInvitation(services, request, user, invitation, join);
      if (!outcome.ok) return outcome;
      if (join) throw redirect(teamPath(outcome.teamId));
      return done(outcome.message);
    },
  });

export const INVITATION_ACTIONS = [invite, resendInvitation, revokeInvitation, answer(true), answer(false)];
