/**
 * Members' forms: change a role, remove a member, leave, hand over
 * ownership. Each is one change under the team's lock
 * (./member-changes.server.ts), checked again there against the members
 * as they are then: two posts at once never leave a team without an
 * owner, and whoever loses the right to invite loses their waiting invitations.
 */
import type { Kysely } from "kysely";
import { redirect } from "react-router";
import { done, type Refusal, refused } from "~/server/action-kit.server";
import type { AppServices } from "~/server/context.server";
import type { Database } from "../../../db/schema";
import { TEAM_TAKE_BACK_SECONDS, TEAMS_PATH, teamPath } from "./constants";
import { ownershipHandedOverMail, ownershipMovedMail } from "./mail-templates.server";
import {
  changeMembers,
  changeMembersNow,
  type LockedMember,
  type MemberChanges,
  memberById,
} from "./member-changes.server";
import * as m from "./messages";
import { takeBackLink } from "./ownership-take-back.server";
import { may, outranksOrOwns, type TeamRight, type TeamRole } from "./roles";
import { notAllowed, PLUGIN_REFUSALS, teamAction } from "./team-action-kit.server";
import { logTeamChange } from "./team-activity.server";
import { changeRoleForm, leaveTeamForm, removeMemberForm, transferOwnershipForm } from "./team-forms";
import { isRefusal, NOT_A_MEMBER, refusalSaid, type Team } from "./team-membership.server";

type Pair = { me: LockedMember; other: LockedMember };

/**
 * Under the team's lock: the poster and another member, if the poster may
 * still do `right` (their role now, not the one the page was drawn with),
 * then `change` decides; else the refusal. `alsoInTransaction` runs once
 * the change is made, in its transaction (a mail with a link, say).
 */
async function changeAnother(
  services: AppServices,
  team: Team,
  memberId: string,
  right: TeamRight,
  change: (pair: Pair) => MemberChanges | Refusal,
  alsoInTransaction?: (trx: Kysely<Database>, pair: Pair) => Promise<void>,
): Promise<Pair | Refusal> {
  let pair: Pair | undefined;
  const changed = await services.mail.transaction(async (trx) => {
    const result = await changeMembers(trx, team.id, (members) => {
      const me = memberById(members, team.myMemberId);
      const other = memberById(members, memberId);
      if (!me) return NOT_A_MEMBER;
      if (!may(me.role, right)) return notAllowed(right);
      if (!other) return PLUGIN_REFUSALS.MEMBER_NOT_FOUND as Refusal;
      if (other.id === me.id) {
        return refused(400, m.ownMembershipRefused());
      }
      pair = { me, other };
      return change(pair);
    });
    if (result.ok && pair) await alsoInTransaction?.(trx, pair);
    return result;
  });
  if (!changed.ok) return changed;
  return pair ?? NOT_A_MEMBER;
}

const ONLY_AN_OWNER = refusalSaid(403, m.onlyAnOwnerChangesOwners);

/** "Change role": owners and admins, between admin and member, never an owner's (but by an owner). */
const changeRole = teamAction({
  ...changeRoleForm,
  policy: {
    effect: "access",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-role-changed", "team-role-given"],
    whileImpersonating: "refused",
  },
  target: "memberId",
  right: "changeRole",
  async run({ services, request, signedIn: { user }, form }, team) {
    let before: TeamRole = form.role;
    const pair = await changeAnother(services, team, form.memberId, "changeRole", ({ me, other }) => {
      before = other.role;
      if (!outranksOrOwns(me.role, other.role)) return ONLY_AN_OWNER;
      return { roles: { [other.id]: form.role } };
    });
    if (isRefusal(pair)) return pair;
    const { other } = pair;
    const { role } = form;
    if (before === role) return done(m.alreadyHasRole({ email: other.email, role }));
    await logTeamChange(services.db, request, [
      {
        userId: user.id,
        kind: "team-role-changed",
        detail: () => m.roleChangedDetail({ email: other.email, role, team: team.name }),
      },
      {
        userId: other.userId,
        kind: "team-role-given",
        detail: () => m.roleGivenDetail({ role, team: team.name }),
      },
    ]);
    return done(m.nowHasRole({ email: other.email, role }));
  },
});

/** "Remove": owners and admins; the member loses the team at their next request. */
const removeMember = teamAction({
  ...removeMemberForm,
  policy: {
    effect: "access",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-member-removed", "team-removed-from"],
    whileImpersonating: "refused",
  },
  target: "memberId",
  right: "removeMember",
  async run({ services, request, signedIn: { user }, form }, team) {
    const pair = await changeAnother(services, team, form.memberId, "removeMember", ({ me, other }) =>
      outranksOrOwns(me.role, other.role) ? { remove: [other.id] } : ONLY_AN_OWNER,
    );
    if (isRefusal(pair)) return pair;
    const { other } = pair;
    await logTeamChange(services.db, request, [
      {
        userId: user.id,
        kind: "team-member-removed",
        detail: () => m.memberRemovedDetail({ email: other.email, team: team.name }),
      },
      { userId: other.userId, kind: "team-removed-from", detail: team.name },
    ]);
    return done(m.memberRemoved({ email: other.email }));
  },
});

/** "Leave": anyone but the last owner, who makes someone else owner first. */
const leaveTeam = teamAction({
  ...leaveTeamForm,
  policy: {
    effect: "access",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-left"],
    whileImpersonating: "refused",
  },
  async run({ services, request, signedIn: { user } }, team) {
    const left = await changeMembersNow(services.db, team.id, (members) =>
      memberById(members, team.myMemberId) ? { remove: [team.myMemberId] } : NOT_A_MEMBER,
    );
    if (!left.ok) return left;
    await logTeamChange(services.db, request, [{ userId: user.id, kind: "team-left", detail: team.name }]);
    throw redirect(TEAMS_PATH);
  },
});

/**
 * "Make owner": an owner hands the team to another member, and becomes an
 * admin. Both are mailed; the previous owner's mail carries the link that
 * takes ownership back (./ownership-take-back.server.ts), in the same transaction.
 */
const transferOwnership = teamAction({
  ...transferOwnershipForm,
  policy: {
    effect: "ownership",
    proof: "recent-sign-in",
    limits: [],
    activity: ["team-ownership-transferred", "team-ownership-received"],
    whileImpersonating: "refused",
  },
  right: "transferOwnership",
  async run({ services, request, signedIn: { user }, form }, team) {
    const { mail } = services;
    const facts = (other: LockedMember) => ({ team: team.name, newOwner: other.email });
    const pair = await changeAnother(
      services,
      team,
      form.memberId,
      "transferOwnership",
      ({ me, other }) =>
        other.role === "owner"
          ? refused(400, m.chooseMemberNotOwner())
          : { roles: { [other.id]: "owner", [me.id]: "admin" } },
      async (trx, { me, other }) => {
        const takeBack = { teamId: team.id, from: me.id, to: other.id, toRole: other.role };
        const takeBackUrl = await takeBackLink(mail, trx, takeBack);
        const teamUrl = `${services.env.APP_URL}${teamPath(team.id)}`;
        const handedOver = ownershipHandedOverMail(
          mail.recipient(me),
          facts(other),
          takeBackUrl,
          TEAM_TAKE_BACK_SECONDS,
        );
        await mail.queue(trx, handedOver, "team-ownership-moved");
        await mail.queue(
          trx,
          ownershipMovedMail(mail.otherRecipient(other), facts(other), teamUrl),
          "team-ownership-moved",
        );
      },
    );
    if (isRefusal(pair)) return pair;
    const { other } = pair;
    await logTeamChange(services.db, request, [
      {
        userId: user.id,
        kind: "team-ownership-transferred",
        detail: () => m.ownershipToDetail({ team: team.name, email: other.email }),
      },
      { userId: other.userId, kind: "team-ownership-received", detail: team.name },
    ]);
    return done(m.ownershipTransferred({ email: other.email, team: team.name }));
  },
});

export const MEMBER_ACTIONS = [changeRole, removeMember, leaveTeam, transferOwnership];
