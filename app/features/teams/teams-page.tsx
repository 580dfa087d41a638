/**
 * `/dashboard/teams`: the person's teams (open one, make one active),
 * invitations waiting for their address (accept or decline), and a new
 * team. Plain form posts (./team-actions.server.ts) that work without
 * JavaScript.
 */
import type { ShouldRevalidateFunction } from "react-router";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { PageFrame } from "~/components/page-frame";
import { PreloadLink } from "~/components/preload-link";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { rich } from "~/i18n/rich";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { dataHeaders } from "~/lib/route-headers";
import { getServices } from "~/server/context.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { requireUser } from "~/server/session/guards.server";
import CheckIcon from "~icons/lucide/check";
import PlusIcon from "~icons/lucide/plus";
import UsersIcon from "~icons/lucide/users";
import type { Route } from "./+types/teams-page";
import { TEAM_NAME_MAX_LENGTH, teamPath } from "./constants";
import * as m from "./messages";
import { TEAM_ACTIONS } from "./team-actions.server";
import type {
  acceptInvitationForm,
  createTeamForm,
  declineInvitationForm,
  switchTeamForm,
} from "./team-forms";
import { activeOrganizationIdOf } from "./team-membership.server";
import { ActiveBadge, OneButtonForm, RoleBadge } from "./team-parts";
import type { InvitationForMe, TeamSummary } from "./teams";
import { teamsData } from "./teams.server";

// Read when the page is shown, in its language.
export const handle = {
  title: () => m.teams(),
  description: () => m.teamsPageDescription(),
};

// `Retry-After` on a `429` (a signed-in page is never cached).
export const headers = dataHeaders;

export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined || defaultShouldRevalidate;

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const { user, session } = requireUser(context);
  const data = await teamsData(db, user, activeOrganizationIdOf(session));
  return { teams: data.teams, invitations: data.invitationsForMe, verified: user.emailVerified };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runDashboardAction(TEAM_ACTIONS, getServices(context), request, requireUser(context));
}

export default function TeamsPage({ loaderData }: Route.ComponentProps) {
  const { teams, invitations, verified } = loaderData;
  return (
    <PageFrame
      back={{ to: DEFAULT_SIGNED_IN_PATH, label: m.dashboard() }}
      title={m.teams()}
      description={m.teamsPageIntro()}
    >
      {invitations.length > 0 ? <InvitationsForMe invitations={invitations} /> : null}
      <Card>
        <CardHeader>
          <CardTitle>{m.yourTeams()}</CardTitle>
          <CardDescription>{m.yourTeamsDescription()}</CardDescription>
        </CardHeader>
        <CardContent>
          {teams.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
              <UsersIcon className="size-8 text-muted-foreground" />
              <p className="font-medium text-sm">{m.noTeamsYet()}</p>
              <p className="text-muted-foreground text-sm">{m.createOneOrAccept()}</p>
            </div>
          ) : (
            <ul className="divide-y rounded-lg border" aria-label={m.yourTeams()}>
              {teams.map((team) => (
                <TeamRow key={team.id} team={team} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <CreateTeamCard verified={verified} />
    </PageFrame>
  );
}

function TeamRow({ team }: { team: TeamSummary }) {
  const switchTo = useDashboardForm<typeof switchTeamForm>("switch-team", team.id);
  return (
    <li className="grid gap-3 px-4 py-3 sm:flex sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted font-semibold text-muted-foreground text-sm">
          {team.name.slice(0, 1).toUpperCase()}
        </span>
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <PreloadLink to={teamPath(team.id)} className="break-words underline-offset-4 hover:underline">
              {team.name}
            </PreloadLink>
            <RoleBadge role={team.role} />
            {team.active ? <ActiveBadge /> : null}
          </p>
          <p className="text-muted-foreground text-xs">
            {rich(m.teamRowFacts({ count: team.members }), {
              time: () => <LocalTime value={team.joinedAt} />,
            })}
          </p>
        </div>
      </div>
      {team.active ? null : (
        <OneButtonForm
          form={switchTo}
          teamId={team.id}
          label={m.makeActive()}
          about={team.name}
          variant="outline"
          size="sm"
          icon={CheckIcon}
        />
      )}
      <FormFeedback error={switchTo.error} notice={switchTo.notice} />
    </li>
  );
}

function InvitationsForMe({ invitations }: { invitations: InvitationForMe[] }) {
  return (
    <Card className="border-primary/40">
      <CardHeader>
        <CardTitle>{m.invitationsForYou()}</CardTitle>
        <CardDescription>{m.invitationsForYouDescription()}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border" aria-label={m.invitationsForYou()}>
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationForMe }) {
  const accept = useDashboardForm<typeof acceptInvitationForm>("accept-invitation", invitation.id);
  const decline = useDashboardForm<typeof declineInvitationForm>("decline-invitation", invitation.id);
  return (
    <li className="grid gap-3 px-4 py-3 sm:flex sm:items-center">
      <div className="min-w-0 flex-1 text-sm">
        <p className="break-words font-medium">{invitation.team}</p>
        <p className="text-muted-foreground text-xs">
          {rich(m.invitationFacts({ role: invitation.role }), {
            time: () => <LocalTime value={invitation.expiresAt} />,
          })}
        </p>
      </div>
      <div className="flex gap-2">
        <OneButtonForm
          form={accept}
          fields={{ invitationId: invitation.id }}
          label={m.accept()}
          about={invitation.team}
          size="sm"
        />
        <OneButtonForm
          form={decline}
          fields={{ invitationId: invitation.id }}
          label={m.decline()}
          about={invitation.team}
          size="sm"
          variant="outline"
        />
      </div>
      <FormFeedback error={accept.error ?? decline.error} notice={decline.notice} />
    </li>
  );
}

function CreateTeamCard({ verified }: { verified: boolean }) {
  const create = useDashboardForm<typeof createTeamForm>("create-team");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.createATeam()}</CardTitle>
        <CardDescription>{m.createTeamDescription()}</CardDescription>
      </CardHeader>
      <CardContent>
        {verified ? (
          <create.Form method="post" ref={create.formRef} className="grid gap-3" aria-label={m.createATeam()}>
            {create.intentField}
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <div className="flex-1">
                <FormField
                  label={m.teamName()}
                  name={create.field("name")}
                  required
                  maxLength={TEAM_NAME_MAX_LENGTH}
                  autoComplete="organization"
                  error={create.fieldError("name")}
                />
              </div>
              <SubmitButton busy={create.busy} icon={PlusIcon} className="sm:mt-[1.375rem]">
                {m.createTeam()}
              </SubmitButton>
            </div>
            <FormFeedback error={create.fieldError("name") ? null : create.error} />
          </create.Form>
        ) : (
          <p className="text-muted-foreground text-sm">{m.confirmEmailFirst()}</p>
        )}
      </CardContent>
    </Card>
  );
}
