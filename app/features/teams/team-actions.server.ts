/**
 * Every form of the teams' pages, one `dashboardAction` each: plain form
 * posts that also work without JavaScript. Each names its team
 * (`teamId`), and is checked on the server against the poster's role in
 * it (./roles.ts): someone who does not belong to the team gets a `404`,
 * a member without the right a `403`, and nothing changes. The plugin
 * checks its own rules again (its access control, the last owner).
 */
import { randomUUID } from "node:crypto";
import { redirect } from "react-router";
import { z } from "zod";
import { emailAddress } from "~/lib/fields";
import { attempt, done, type Outcome, overLimit, type Refusal, refused } from "~/server/action-kit.server";
import type { AuthSession } from "~/server/auth/auth.server";
import type { AppServices } from "~/server/context.server";
import { type ActionContext, dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { clientIpOf } from "~/server/limits/rate-limit.server";
import type { TeamEndpoints } from "./access.server";
import { TEAMS_PATH, teamPath } from "./constants";
import {
  answerInvitation,
  INVITATION_GONE,
  mailInvitation,
  voidInvitationLinks,
  waitingInvitation,
} from "./invitations.server";
import { INVITATIONS_PER_ADDRESS, INVITATIONS_PER_TEAM } from "./limits.server";
import { ownershipMovedMail, teamDeletedMail } from "./mail-templates.server";
import { GIVEN_ROLES, may, outranksOrOwns, ROLE_NAMES, roleOf, type TeamRight, type TeamRole } from "./roles";
import { logTeamChange } from "./team-activity.server";
import { teamName } from "./team-name";
import { membershipOf, ownersOf } from "./teams.server";

const teamApi = ({ auth }: AppServices) => auth.api as unknown as TeamEndpoints;

/** The team the session works in (better-auth's `session.activeOrganizationId`). */
export const activeOrganizationIdOf = (session: AuthSession["session"]) =>
  (session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null;

const id = z.string({ error: "Reload the page and try again." }).min(1).max(100);
const givenRole = z.enum(GIVEN_ROLES, { error: "Choose admin or member." });

/** What each right's refusal says (a `403`). */
const NOT_ALLOWED: Record<TeamRight, string> = {
  invite: "Only the team's owners and admins can invite people.",
  revokeInvitation: "Only the team's owners and admins can revoke invitations.",
  removeMember: "Only the team's owners and admins can remove members.",
  changeRole: "Only the team's owners and admins can change roles.",
  rename: "Only the team's owners can rename it.",
  transferOwnership: "Only the team's owners can make someone else owner.",
  deleteTeam: "Only the team's owners can delete it.",
};

const NOT_A_MEMBER = refused(404, "You are not a member of this team.");

type Team = { id: string; name: string; myRole: TeamRole; myMemberId: string };

/** The team `teamId` as its member `userId` sees it, if they may do `right` there; else the refusal. */
async function teamFor(
  { db }: AppServices,
  userId: string,
  teamId: string,
  right?: TeamRight,
): Promise<Team | Refusal> {
  const mine = await membershipOf(db, userId, teamId);
  const team = mine
    ? await db.selectFrom("organization").select(["id", "name"]).where("id", "=", teamId).executeTakeFirst()
    : undefined;
  if (!mine || !team) return NOT_A_MEMBER;
  if (right && !may(mine.role, right)) return refused(403, NOT_ALLOWED[right]);
  return { id: team.id, name: team.name, myRole: mine.role, myMemberId: mine.memberId };
}

const isRefusal = (value: object): value is Refusal => "ok" in value && value.ok === false;

/** A member of `teamId` by their member id: whose account, and their role. */
async function memberOf(services: AppServices, teamId: string, memberId: string) {
  const row = await services.db
    .selectFrom("member")
    .innerJoin("user", "user.id", "member.userId")
    .select(["member.id", "member.role", "member.userId", "user.email", "user.name", "user.emailVerified"])
    .where("member.id", "=", memberId)
    .where("member.organizationId", "=", teamId)
    .executeTakeFirst();
  return row ? { ...row, role: roleOf(row.role) ?? "member" } : null;
}

/** The plugin's refusals, said in the pages' words (a rule the app's own checks already keep, in case they drift). */
const PLUGIN_REFUSALS: Record<string, Refusal> = {
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: refused(
    409,
    "A team needs an owner: make another member owner first, or delete the team.",
  ),
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: refused(
    409,
    "A team needs an owner: make another member owner first, or delete the team.",
  ),
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: refused(
    400,
    "That person is already a member of this team.",
    {
      email: "That person is already a member of this team.",
    },
  ),
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: refused(
    400,
    "That address is already invited: send the invitation again from the list below.",
    { email: "That address is already invited." },
  ),
  INVITATION_LIMIT_REACHED: refused(409, "This team has too many waiting invitations: revoke some first."),
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: refused(409, "This team is full."),
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: refused(
    409,
    "You belong to as many teams as one person can.",
  ),
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: refused(403, NOT_ALLOWED.invite),
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER: refused(403, NOT_ALLOWED.removeMember),
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER: refused(403, NOT_ALLOWED.changeRole),
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: refused(403, NOT_ALLOWED.revokeInvitation),
  INVITATION_NOT_FOUND: INVITATION_GONE,
  MEMBER_NOT_FOUND: refused(404, "That person is no longer a member of this team."),
};

/** Runs a plugin call and answers `message` when it worked, or the refusal it became. */
const viaPlugin = (work: () => Promise<unknown>, message: string) =>
  attempt(async () => {
    await work();
    return done(message);
  }, PLUGIN_REFUSALS);

/**
 * An action on one team: finds it through the poster's membership and
 * right, then runs `act`. Its fields always include `teamId`.
 */
function teamAction<Fields extends z.ZodRawShape>(spec: {
  intent: string;
  fields: Fields;
  target?: (keyof Fields & string) | "teamId";
  right?: TeamRight;
  run: (
    context: ActionContext<z.output<z.ZodObject<Fields & { teamId: typeof id }>>>,
    team: Team,
  ) => Promise<Outcome>;
}) {
  const fields: Fields & { teamId: typeof id } = { ...spec.fields, teamId: id };
  return dashboardAction({
    intent: spec.intent,
    fields,
    target: spec.target,
    async run(context) {
      const { services, signedIn, form } = context;
      const teamId = (form as { teamId: string }).teamId;
      const team = await teamFor(services, signedIn.user.id, teamId, spec.right);
      if (isRefusal(team)) return team;
      return spec.run(context, team);
    },
  });
}

/** "Create a team": anyone with a verified address; they are its owner, and it becomes their active team. */
const createTeam = dashboardAction({
  intent: "create-team",
  fields: { name: teamName },
  async run({ services, request, signedIn: { user }, form }) {
    if (!user.emailVerified) {
      return refused(403, "Confirm your email address first: the dashboard sends you the link.");
    }
    let created: { id: string } | null = null;
    const outcome = await viaPlugin(async () => {
      created = await teamApi(services).createOrganization({
        body: { name: form.name, slug: randomUUID() },
        headers: request.headers,
      });
    }, "Team created.");
    if (!outcome.ok || !created) return outcome;
    const teamId = (created as { id: string }).id;
    await logTeamChange(services.db, request, [{ userId: user.id, kind: "team-created", detail: form.name }]);
    throw redirect(teamPath(teamId));
  },
});

/** The switcher: makes one of the person's teams the session's active team (a reload keeps it). */
const switchTeam = teamAction({
  intent: "switch-team",
  fields: {},
  target: "teamId",
  async run({ services, request }, team) {
    return viaPlugin(
      () =>
        teamApi(services).setActiveOrganization({
          body: { organizationId: team.id },
          headers: request.headers,
        }),
      `“${team.name}” is your active team.`,
    );
  },
});

/** "Rename": owners only. */
const renameTeam = teamAction({
  intent: "rename-team",
  fields: { name: teamName },
  right: "rename",
  async run({ services, request, signedIn: { user }, form }, team) {
    if (form.name === team.name) return done("The team already has that name.");
    const outcome = await viaPlugin(
      () =>
        teamApi(services).updateOrganization({
          body: { organizationId: team.id, data: { name: form.name } },
          headers: request.headers,
        }),
      "Team renamed.",
    );
    if (outcome.ok) {
      await logTeamChange(services.db, request, [
        { userId: user.id, kind: "team-renamed", detail: `${team.name} → ${form.name}` },
      ]);
    }
    return outcome;
  },
});

/** Counts an invitation against the team's hour and the address's day; a refusal when over either. */
async function invitationLimit({ rateLimits }: AppServices, request: Request, teamId: string, email: string) {
  const forIp = await rateLimits.ip(clientIpOf(request));
  const forTeam = forIp.allowed ? await rateLimits.hit(INVITATIONS_PER_TEAM, teamId) : forIp;
  const limit = forTeam.allowed ? await rateLimits.hit(INVITATIONS_PER_ADDRESS, email) : forTeam;
  return overLimit(limit, "invitations");
}

/** Logs an invitation for its sender, and for the invited address's account if it has one. */
async function logInvitation(
  services: AppServices,
  request: Request,
  sender: string,
  invitation: { email: string; role: TeamRole; team: string },
) {
  const invitee = await services.db
    .selectFrom("user")
    .select("id")
    .where("email", "=", invitation.email)
    .where("emailVerified", "=", true)
    .executeTakeFirst();
  const as = `${invitation.team} as ${ROLE_NAMES[invitation.role].toLowerCase()}`;
  await logTeamChange(services.db, request, [
    { userId: sender, kind: "team-invitation-sent", detail: `${invitation.email} to ${as}` },
    ...(invitee ? [{ userId: invitee.id, kind: "team-invitation-received", detail: as }] : []),
  ]);
}

/** "Invite": owners and admins, by address and role (admin or member); a mail with the link. */
const invite = teamAction({
  intent: "invite",
  fields: { email: emailAddress, role: givenRole },
  right: "invite",
  async run({ services, request, signedIn: { user }, form }, team) {
    const limit = await invitationLimit(services, request, team.id, form.email);
    if (limit) return limit;
    let created: { id: string } | null = null;
    const outcome = await viaPlugin(async () => {
      created = await teamApi(services).createInvitation({
        body: { email: form.email, role: form.role, organizationId: team.id },
        headers: request.headers,
      });
    }, `Invitation sent to ${form.email}.`);
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
  intent: "resend-invitation",
  fields: { invitationId: id },
  target: "invitationId",
  right: "invite",
  async run({ services, request, signedIn: { user }, form }, team) {
    const invitation = await invitationOf(services, team, form.invitationId);
    if (!invitation) return INVITATION_GONE;
    if (invitation.role === "owner" && team.myRole !== "owner") return refused(403, NOT_ALLOWED.invite);
    const limit = await invitationLimit(services, request, team.id, invitation.email);
    if (limit) return limit;
    const outcome = await viaPlugin(
      () =>
        teamApi(services).createInvitation({
          body: { email: invitation.email, role: invitation.role, organizationId: team.id, resend: true },
          headers: request.headers,
        }),
      `Invitation sent again to ${invitation.email}.`,
    );
    if (!outcome.ok) return outcome;
    await mailInvitation(services.mail, invitation);
    await logInvitation(services, request, user.id, invitation);
    return outcome;
  },
});

/** "Revoke": the invitation is cancelled and its links stop working. */
const revokeInvitation = teamAction({
  intent: "revoke-invitation",
  fields: { invitationId: id },
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
      `The invitation of ${invitation.email} was revoked.`,
    );
    if (!outcome.ok) return outcome;
    await voidInvitationLinks(services.db, invitation);
    await logTeamChange(services.db, request, [
      { userId: user.id, kind: "team-invitation-revoked", detail: `${invitation.email} to ${team.name}` },
    ]);
    return outcome;
  },
});

/** Another member of `team` whom the poster's role lets them change or remove; else the refusal. */
async function otherMember(services: AppServices, team: Team, memberId: string) {
  const member = await memberOf(services, team.id, memberId);
  if (!member) return PLUGIN_REFUSALS.MEMBER_NOT_FOUND as Refusal;
  if (member.id === team.myMemberId) {
    return refused(400, "Use “Leave the team” or “Make owner” for your own membership.");
  }
  if (!outranksOrOwns(team.myRole, member.role))
    return refused(403, "Only an owner can change another owner.");
  return member;
}

/** "Change role": owners and admins, between admin and member, never an owner's (but by an owner). */
const changeRole = teamAction({
  intent: "change-role",
  fields: { memberId: id, role: givenRole },
  target: "memberId",
  right: "changeRole",
  async run({ services, request, signedIn: { user }, form }, team) {
    const member = await otherMember(services, team, form.memberId);
    if (isRefusal(member)) return member;
    if (member.role === form.role) return done(`${member.email} already is ${form.role}.`);
    const outcome = await viaPlugin(
      () =>
        teamApi(services).updateMemberRole({
          body: { memberId: member.id, role: form.role, organizationId: team.id },
          headers: request.headers,
        }),
      `${member.email} is now ${form.role}.`,
    );
    if (!outcome.ok) return outcome;
    await logTeamChange(services.db, request, [
      {
        userId: user.id,
        kind: "team-role-changed",
        detail: `${member.email} is now ${form.role} in ${team.name}`,
      },
      { userId: member.userId, kind: "team-role-given", detail: `${form.role} in ${team.name}` },
    ]);
    return outcome;
  },
});

/** "Remove": owners and admins; the member loses the team at their next request. */
const removeMember = teamAction({
  intent: "remove-member",
  fields: { memberId: id },
  target: "memberId",
  right: "removeMember",
  async run({ services, request, signedIn: { user }, form }, team) {
    const member = await otherMember(services, team, form.memberId);
    if (isRefusal(member)) return member;
    const outcome = await viaPlugin(
      () =>
        teamApi(services).removeMember({
          body: { memberIdOrEmail: member.id, organizationId: team.id },
          headers: request.headers,
        }),
      `${member.email} was removed from the team.`,
    );
    if (!outcome.ok) return outcome;
    await logTeamChange(services.db, request, [
      { userId: user.id, kind: "team-member-removed", detail: `${member.email} from ${team.name}` },
      { userId: member.userId, kind: "team-removed-from", detail: team.name },
    ]);
    return outcome;
  },
});

const NEEDS_AN_OWNER = refused(
  409,
  "You are the team's only owner: make another member owner first, or delete the team.",
);

/** "Leave": anyone but the last owner, who makes someone else owner first. */
const leaveTeam = teamAction({
  intent: "leave-team",
  fields: {},
  async run({ services, request, signedIn: { user } }, team) {
    if (team.myRole === "owner" && (await ownersOf(services.db, team.id)).length <= 1) return NEEDS_AN_OWNER;
    const outcome = await viaPlugin(
      () =>
        teamApi(services).leaveOrganization({ body: { organizationId: team.id }, headers: request.headers }),
      `You left “${team.name}”.`,
    );
    if (!outcome.ok) return outcome;
    await logTeamChange(services.db, request, [{ userId: user.id, kind: "team-left", detail: team.name }]);
    throw redirect(TEAMS_PATH);
  },
});

/** Mails each of `team`'s owners (`mail` composes it for one). */
async function mailOwners(
  services: AppServices,
  owners: { id: string; email: string; name: string; emailVerified: boolean }[],
  compose: (recipient: ReturnType<AppServices["mail"]["recipient"]>) => ReturnType<typeof teamDeletedMail>,
  kind: string,
) {
  await services.mail.transaction(async (trx) => {
    for (const owner of owners) await services.mail.queue(trx, compose(services.mail.recipient(owner)), kind);
  });
}

/** "Make owner": an owner hands the team to another member, and becomes an admin. Both are mailed. */
const transferOwnership = teamAction({
  intent: "transfer-ownership",
  fields: { memberId: id },
  right: "transferOwnership",
  async run({ services, request, signedIn: { user }, form }, team) {
    const member = await memberOf(services, team.id, form.memberId);
    if (!member) return PLUGIN_REFUSALS.MEMBER_NOT_FOUND as Refusal;
    if (member.id === team.myMemberId || member.role === "owner") {
      return refused(400, "Choose a member who is not an owner yet.");
    }
    const headers = request.headers;
    const api = teamApi(services);
    const message = `${member.email} now owns “${team.name}”. You are an admin.`;
    const promoted = await viaPlugin(
      () =>
        api.updateMemberRole({
          body: { memberId: member.id, role: "owner", organizationId: team.id },
          headers,
        }),
      message,
    );
    if (!promoted.ok) return promoted;
    const outcome = await viaPlugin(
      () =>
        api.updateMemberRole({
          body: { memberId: team.myMemberId, role: "admin", organizationId: team.id },
          headers,
        }),
      message,
    );
    if (!outcome.ok) return outcome;
    await logTeamChange(services.db, request, [
      { userId: user.id, kind: "team-ownership-transferred", detail: `${team.name} to ${member.email}` },
      { userId: member.userId, kind: "team-ownership-received", detail: team.name },
    ]);
    const url = `${services.env.APP_URL}${teamPath(team.id)}`;
    const facts = { team: team.name, newOwner: member.email };
    await mailOwners(
      services,
      [{ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified }, member],
      (recipient) => ownershipMovedMail(recipient, facts, url),
      "team-ownership-moved",
    );
    return outcome;
  },
});

/** "Delete the team": owners only, typing its name; every member's log says so, every owner is mailed. */
const deleteTeam = teamAction({
  intent: "delete-team",
  fields: { confirm: z.string().max(200).optional() },
  right: "deleteTeam",
  async run({ services, request, signedIn: { user }, form }, team) {
    if ((form.confirm ?? "").trim() !== team.name) {
      return refused(400, "Type the team's name to delete it.", { confirm: "Type the team's name exactly." });
    }
    const members = await services.db
      .selectFrom("member")
      .select("userId")
      .where("organizationId", "=", team.id)
      .execute();
    const owners = await ownersOf(services.db, team.id);
    const outcome = await viaPlugin(
      () =>
        teamApi(services).deleteOrganization({ body: { organizationId: team.id }, headers: request.headers }),
      `“${team.name}” was deleted.`,
    );
    if (!outcome.ok) return outcome;
    await logTeamChange(services.db, request, [
      { userId: user.id, kind: "team-deleted", detail: team.name },
      ...members
        .filter((member) => member.userId !== user.id)
        .map((member) => ({ userId: member.userId, kind: "team-deleted-by-owner", detail: team.name })),
    ]);
    const url = `${services.env.APP_URL}${TEAMS_PATH}`;
    await mailOwners(
      services,
      owners,
      (recipient) => teamDeletedMail(recipient, team.name, url),
      "team-deleted",
    );
    throw redirect(TEAMS_PATH);
  },
});

/** "Accept" / "Decline" on the teams page: an invitation waiting for the person's verified address. */
const answer = (join: boolean) =>
  dashboardAction({
    intent: join ? "accept-invitation" : "decline-invitation",
    fields: { invitationId: id },
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

/** The forms of /dashboard/teams and of each team's page. */
export const TEAM_ACTIONS = [
  createTeam,
  switchTeam,
  renameTeam,
  invite,
  resendInvitation,
  revokeInvitation,
  changeRole,
  removeMember,
  leaveTeam,
  transferOwnership,
  deleteTeam,
  answer(true),
  answer(false),
];
