/** Members' forms: change a role, remove a member, leave, hand over ownership. */
import { redirect } from "react-router";
import { done, type Refusal, refused } from "~/server/action-kit.server";
import type { AppServices } from "~/server/context.server";
import { TEAMS_PATH, teamPath } from "./constants";
import { ownershipMovedMail } from "./mail-templates.server";
import { outranksOrOwns } from "./roles";
import {
  givenRole,
  id,
  isRefusal,
  mailOwners,
  memberOf,
  PLUGIN_REFUSALS,
  type Team,
  teamAction,
  teamApi,
  viaPlugin,
} from "./team-action-kit.server";
import { logTeamChange } from "./team-activity.server";
import { ownersOf } from "./teams.server";

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
  policy: {
    effect: "access",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-role-changed", "team-role-given"],
    whileImpersonating: "refused",
  },
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
  policy: {
    effect: "access",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-member-removed", "team-removed-from"],
    whileImpersonating: "refused",
  },
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
  policy: {
    effect: "access",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-left"],
    whileImpersonating: "refused",
  },
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

/** "Make owner": an owner hands the team to another member, and becomes an admin. Both are mailed. */
const transferOwnership = teamAction({
  intent: "transfer-ownership",
  policy: {
    effect: "ownership",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-ownership-transferred", "team-ownership-received"],
    whileImpersonating: "refused",
  },
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

export const MEMBER_ACTIONS = [changeRole, removeMember, leaveTeam, transferOwnership];
