/**
 * What every team form shares (./team-actions.server.ts lists them): the
 * plugin's endpoints, the fields every form has, finding the poster's team
 * through their membership and right (`404` outside it, `403` without the
 * right), the plugin's refusals in the pages' words, and mailing owners.
 */
import type { z } from "zod";
import { attempt, done, type Outcome, type Refusal } from "~/server/action-kit.server";
import type { ActionPolicy } from "~/server/action-policy.server";
import { pluginApi } from "~/server/auth/plugin-api.server";
import type { AppServices } from "~/server/context.server";
import { type ActionContext, dashboardAction } from "~/server/dashboard/dashboard-action.server";
import type { teamsPlugin } from "./access.server";
import { TEAMS_PATH } from "./constants";
import { INVITATION_GONE } from "./invitations.server";
import type { teamDeletedMail } from "./mail-templates.server";
import * as m from "./messages";
import { TEAM_RIGHTS, type TeamRight, type TeamRule } from "./roles";
import { id } from "./team-forms";
import { isRefusal, refusalSaid, type Team, teamOfMember } from "./team-membership.server";

/** The plugin's endpoints, called from the server (its HTTP doors stay closed). */
export const teamApi = ({ auth }: Pick<AppServices, "auth">) => pluginApi<typeof teamsPlugin>(auth);

/** The fields the teams' forms share (./team-forms.ts). */
export { givenRole, id } from "./team-forms";

/** What each right's refusal says (a `403`): a message, worded when a post is refused. */
const NOT_ALLOWED: Record<TeamRight, () => string> = {
  invite: m.onlyOwnersAdminsInvite,
  revokeInvitation: m.onlyOwnersAdminsRevoke,
  removeMember: m.onlyOwnersAdminsRemove,
  changeRole: m.onlyOwnersAdminsChangeRoles,
  rename: m.onlyOwnersRename,
  transferOwnership: m.onlyOwnersTransfer,
  deleteTeam: m.onlyOwnersDelete,
};

/** A right's refusal (`403`), said in the language of the request it answers. */
export const notAllowed = (right: TeamRight): Refusal => refusalSaid(403, NOT_ALLOWED[right]);

/** A team right as a rule of the membership check: its roles, and its refusal's words (read when refused). */
const ruleOf = (right: TeamRight): TeamRule => ({
  roles: TEAM_RIGHTS[right],
  get refusal() {
    return NOT_ALLOWED[right]();
  },
});

/** The plugin's refusals, said in the pages' words (a rule the app's own checks already keep, in case they drift). */
export const PLUGIN_REFUSALS: Record<string, Refusal> = {
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: refusalSaid(400, m.alreadyAMember, () => ({
    email: m.alreadyAMember(),
  })),
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: refusalSaid(400, m.alreadyInvitedSendAgain, () => ({
    email: m.alreadyInvited(),
  })),
  INVITATION_LIMIT_REACHED: refusalSaid(409, m.tooManyWaitingInvitations),
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: refusalSaid(409, m.teamIsFull),
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: refusalSaid(409, m.tooManyTeams),
  YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION: notAllowed("invite"),
  YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION: notAllowed("revokeInvitation"),
  INVITATION_NOT_FOUND: INVITATION_GONE,
  MEMBER_NOT_FOUND: refusalSaid(404, m.noLongerAMember),
};

/** Runs a plugin call and answers `message` when it worked, or the refusal it became. */
export const viaPlugin = (work: () => Promise<unknown>, message: string) =>
  attempt(async () => {
    await work();
    return done(message);
  }, PLUGIN_REFUSALS);

/**
 * An action on one team, the one its page manages (`/dashboard/teams/:teamId`):
 * finds it through the poster's membership and right, then runs `run`. Its
 * fields always include `teamId`. Managing a team names it; working inside
 * one (a product's forms) takes the session's active team instead
 * (./team-scoped-action.server.ts); both pass the same check (`teamOfMember`).
 */
export function teamAction<Fields extends z.ZodRawShape>(spec: {
  intent: string;
  /** What it needs and does (`ActionPolicy`): whatever gives, takes or moves access needs a recent sign-in. */
  policy: ActionPolicy;
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
    page: TEAMS_PATH,
    policy: spec.policy,
    fields,
    target: spec.target,
    async run(context) {
      const { services, signedIn, form } = context;
      const teamId = (form as { teamId: string }).teamId;
      const rule = spec.right ? ruleOf(spec.right) : undefined;
      const team = await teamOfMember(services.db, signedIn.user.id, teamId, rule);
      if (isRefusal(team)) return team;
      return spec.run(context, team);
    },
  });
}

/**
 * Mails each of `team`'s owners (`compose` writes it for one): the one who
 * asked in their page's language, the others in their own.
 */
export async function mailOwners(
  services: AppServices,
  askerId: string,
  owners: { id: string; email: string; name: string; emailVerified: boolean; locale: string | null }[],
  compose: (recipient: ReturnType<AppServices["mail"]["recipient"]>) => ReturnType<typeof teamDeletedMail>,
  kind: string,
) {
  const { mail } = services;
  await mail.transaction(async (trx) => {
    for (const owner of owners) {
      const recipient = owner.id === askerId ? mail.recipient(owner) : mail.otherRecipient(owner);
      await mail.queue(trx, compose(recipient), kind);
    }
  });
}
