import type { TeamRole } from "~/features/teams/api";

/** A project as the pages show it (dates as ISO strings: they cross the wire as JSON). */
export type Project = { id: string; name: string; archivedAt: string | null; createdAt: string };

/** One team's projects, as a member sees them. */
export type TeamProjects = {
  teamId: string;
  team: string;
  role: TeamRole;
  active: boolean;
  projects: Project[];
};

/**
 * The dashboard's `projects` key: the active team's projects (none without
 * one). The data export has every team the person belongs to.
 */
export type ProjectsData = { teams: TeamProjects[] };
