/**
 * `/dashboard/projects`: the active team's projects, a new one, and what
 * the person's role may do to each (./project-row.tsx). Plain form posts
 * (./project-actions.server.ts, the dashboard card's too) that work
 * without JavaScript.
 */
import type { ShouldRevalidateFunction } from "react-router";
import { PageFrame } from "~/components/page-frame";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { dataHeaders } from "~/lib/route-headers";
import { getServices } from "~/server/context.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { requireUser } from "~/server/session/guards.server";
import type { Route } from "./+types/projects-page";
import * as m from "./messages";
import { PROJECT_ACTIONS } from "./project-actions.server";
import { CreateProjectForm, NoActiveTeam } from "./project-parts";
import { ProjectRow } from "./project-row";
import type { TeamProjects } from "./projects";
import { activeTeamProjects } from "./projects.server";

// Read when the page is shown, in its language.
export const handle = {
  title: () => m.projects(),
  get description() {
    return m.pageDescription();
  },
};

// `Retry-After` on a `429` (a signed-in page is never cached).
export const headers = dataHeaders;

export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined || defaultShouldRevalidate;

export async function loader({ context }: Route.LoaderArgs) {
  const { teams } = await activeTeamProjects(getServices(context), requireUser(context));
  return { team: teams[0] ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runDashboardAction(PROJECT_ACTIONS, getServices(context), request, requireUser(context));
}

export default function ProjectsPage({ loaderData: { team } }: Route.ComponentProps) {
  return (
    <PageFrame
      back={{ to: DEFAULT_SIGNED_IN_PATH, label: m.dashboard() }}
      title={m.projects()}
      description={team ? m.pageIntro({ team: team.team }) : m.whatYourTeamWorksOn()}
    >
      {team ? <TeamProjectsCards team={team} /> : <NoActiveTeam />}
    </PageFrame>
  );
}

function TeamProjectsCards({ team }: { team: TeamProjects }) {
  const current = team.projects.filter((project) => !project.archivedAt);
  const archived = team.projects.filter((project) => project.archivedAt);
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>{m.newProject()}</CardTitle>
          <CardDescription>{m.everyoneInTeamSeesIt({ team: team.team })}</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateProjectForm />
        </CardContent>
      </Card>
      <ProjectList
        title={m.current()}
        label={m.currentProjects()}
        empty={m.noProjectsYet()}
        team={team}
        projects={current}
      />
      {archived.length > 0 ? (
        <ProjectList title={m.archived()} label={m.archivedProjects()} team={team} projects={archived} />
      ) : null}
    </>
  );
}

function ProjectList({
  title,
  label,
  empty,
  team,
  projects,
}: {
  title: string;
  label: string;
  empty?: string;
  team: TeamProjects;
  projects: TeamProjects["projects"];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {projects.length === 0 ? (
          <p className="text-muted-foreground text-sm">{empty}</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={label}>
            {projects.map((project) => (
              <ProjectRow key={project.id} project={project} role={team.role} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
