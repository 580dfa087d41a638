/**
 * `/dashboard/teams/:teamId`: one team, for its members only (anyone else,
 * and a member removed since, gets a `404` at their next request). What
 * each sees follows their role (./roles.ts): members see the team and may
 * leave; admins invite, revoke, remove and change roles below owner;
 * owners also rename, hand over ownership and delete. The server checks
 * every post again.
 */
import { data, type ShouldRevalidateFunction } from "react-router";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { PageFrame } from "~/components/page-frame";
import { rich } from "~/i18n/rich";
import { dataHeaders } from "~/lib/route-headers";
import { getServices } from "~/server/context.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { requireUser } from "~/server/session/guards.server";
import CheckIcon from "~icons/lucide/check";
import type { Route } from "./+types/team-page";
import { TEAMS_PATH } from "./constants";
import * as m from "./messages";
import { may } from "./roles";
import { TEAM_ACTIONS } from "./team-actions.server";
import type { switchTeamForm } from "./team-forms";
import { activeOrganizationIdOf } from "./team-membership.server";
import { ActiveBadge, OneButtonForm, RoleBadge } from "./team-parts";
import { InvitationsCard, InviteCard, MembersCard } from "./team-people-cards";
import { DeleteTeamCard, LeaveCard, RenameCard } from "./team-settings-cards";
import { teamDetails } from "./teams.server";

// Read when the page is shown, in its language.
export const handle = { title: () => m.team(), description: () => m.teamPageDescription() };

export const headers = dataHeaders;

export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined || defaultShouldRevalidate;

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.team.name }] : [];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const { user, session } = requireUser(context);
  const team = await teamDetails(db, user.id, params.teamId, activeOrganizationIdOf(session));
  if (!team) {
    throw data(m.teamNotFound(), {
      status: 404,
      statusText: "Not Found",
    });
  }
  return { team };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runDashboardAction(TEAM_ACTIONS, getServices(context), request, requireUser(context));
}

export default function TeamPage({ loaderData: { team } }: Route.ComponentProps) {
  const makeActive = useDashboardForm<typeof switchTeamForm>("switch-team", team.id);
  return (
    <PageFrame
      back={{ to: TEAMS_PATH, label: m.teams() }}
      title={team.name}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          {rich(m.youAreRole(), { role: () => <RoleBadge role={team.myRole} /> })}
          {team.active ? <ActiveBadge /> : null}
        </span>
      }
      aside={
        team.active ? null : (
          <OneButtonForm
            form={makeActive}
            teamId={team.id}
            label={m.makeActive()}
            variant="outline"
            icon={CheckIcon}
          />
        )
      }
    >
      <MembersCard team={team} />
      {may(team.myRole, "invite") ? <InviteCard team={team} /> : null}
      {may(team.myRole, "invite") ? <InvitationsCard team={team} /> : null}
      {may(team.myRole, "rename") ? <RenameCard team={team} /> : null}
      <LeaveCard team={team} />
      {may(team.myRole, "deleteTeam") ? <DeleteTeamCard team={team} /> : null}
    </PageFrame>
  );
}
