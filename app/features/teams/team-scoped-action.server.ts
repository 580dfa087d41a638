/**
 * The one kit for a product's forms inside a team (app/features/projects/
 * uses it): the team is the session's active team, like `activeTeamScope`
 * reads it, never a field of the form. At every post the poster's
 * membership is read again (a removed member gets `404`, and nothing
 * changes) and their role is checked against the action's rule (`403`
 * with its words); `run` gets the team's queries, which see only its rows.
 */
import type { z } from "zod";
import type { Outcome } from "~/server/action-kit.server";
import type { ActionPolicy } from "~/server/action-policy.server";
import {
  type ActionContext,
  type DashboardAction,
  dashboardAction,
} from "~/server/dashboard/dashboard-action.server";
import * as m from "./messages";
import type { TeamRule } from "./roles";
import { activeOrganizationIdOf, isRefusal, refusalSaid, teamOfMember } from "./team-membership.server";
import { type TeamScope, teamScope } from "./team-scope.server";

/** A post from a session that works in no team: it chooses one first. */
export const NO_ACTIVE_TEAM = refusalSaid(409, m.chooseTeamFirst);

export function teamScopedAction<Fields extends z.ZodRawShape>(spec: {
  intent: string;
  /** The page whose action runs it, when not the dashboard's (`dashboardAction`). */
  page?: string;
  /** What it needs and does (`ActionPolicy`), enforced before anything else. */
  policy: ActionPolicy;
  fields: Fields;
  /** The field naming the row the form is about, so its answer reaches that row's form. */
  target?: keyof Fields & string;
  /** Who may do it (`TeamRule`); every member when absent. */
  allowed?: TeamRule;
  run: (context: ActionContext<z.output<z.ZodObject<Fields>>>, scope: TeamScope) => Promise<Outcome>;
}): DashboardAction {
  return dashboardAction({
    intent: spec.intent,
    page: spec.page,
    policy: spec.policy,
    fields: spec.fields,
    target: spec.target,
    async run(context) {
      const { services, signedIn } = context;
      const teamId = activeOrganizationIdOf(signedIn.session);
      if (!teamId) return NO_ACTIVE_TEAM;
      const team = await teamOfMember(services.db, signedIn.user.id, teamId, spec.allowed);
      if (isRefusal(team)) return team;
      return spec.run(context, teamScope(services.db, team));
    },
  });
}
