/** The dashboard's Projects card: the active team's newest projects, a new one, and the projects page. */
import { LocalTime } from "~/components/local-time";
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { PROJECTS_ON_DASHBOARD, PROJECTS_PATH } from "./constants";
import * as m from "./messages";
import { CreateProjectForm, NoActiveTeam } from "./project-parts";
import type { ProjectsData } from "./projects";

export function ProjectsCard({ data }: { data: ProjectsData }) {
  const team = data.teams.find((candidate) => candidate.active);
  const current = team?.projects.filter((project) => !project.archivedAt) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.projects()}</CardTitle>
        <CardDescription>
          {team ? m.whatTeamWorksOn({ team: team.team }) : m.whatYourTeamWorksOn()}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {team ? (
          <>
            {current.length === 0 ? (
              <p className="text-muted-foreground text-sm">{m.noProjectsYetCreate()}</p>
            ) : (
              <ul className="divide-y rounded-lg border" aria-label={m.projects()}>
                {current.slice(0, PROJECTS_ON_DASHBOARD).map((project) => (
                  <li
                    key={project.id}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 px-4 py-2.5"
                  >
                    <span className="min-w-0 break-words font-medium text-sm">{project.name}</span>
                    <span className="text-muted-foreground text-xs">
                      <LocalTime value={project.createdAt} style="date" />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <CreateProjectForm />
            <Button asChild variant="outline" className="justify-self-start">
              <PreloadLink to={PROJECTS_PATH}>
                {current.length > PROJECTS_ON_DASHBOARD
                  ? m.allProjects({ count: current.length })
                  : m.manageProjects()}
              </PreloadLink>
            </Button>
          </>
        ) : (
          <NoActiveTeam />
        )}
      </CardContent>
    </Card>
  );
}
