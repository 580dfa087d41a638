/**
 * What the projects' pages read, always through a team's scope (teams'
 * api.server.ts): the active team's projects on the dashboard and the
 * projects page, every team's in the data export.
 */
import { activeTeamScope, scopesOfMember, type TeamScope } from "~/features/teams/api.server";
import type { AuthSession } from "~/server/auth/auth.server";
import type { AppServices } from "~/server/context.server";
import type { ProjectsData, TeamProjects } from "./projects";

/** The team's projects, newest first. */
async function projectsOf(scope: TeamScope, active: boolean): Promise<TeamProjects> {
  const rows = await scope
    .selectFrom("project")
    .select(["id", "name", "archivedAt", "createdAt"])
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
  return {
    teamId: scope.teamId,
    team: scope.team.name,
    role: scope.role,
    active,
    projects: rows.map((row) => ({
      id: row.id,
      name: row.name,
      archivedAt: row.archivedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The session's active team's projects; none when it works in no team (or was removed from it). */
export async function activeTeamProjects({ db }: AppServices, signedIn: AuthSession): Promise<ProjectsData> {
  const scope = await activeTeamScope(db, signedIn.session);
  return { teams: scope ? [await projectsOf(scope, true)] : [] };
}

/** The data export's: every team the person belongs to, with its projects. */
export async function everyTeamsProjects({ db }: AppServices, signedIn: AuthSession): Promise<ProjectsData> {
  const active = await activeTeamScope(db, signedIn.session);
  const scopes = await scopesOfMember(db, signedIn.user.id);
  return {
    teams: await Promise.all(scopes.map((scope) => projectsOf(scope, scope.teamId === active?.teamId))),
  };
}
