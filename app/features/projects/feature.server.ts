/**
 * Projects on the server: their table, the dashboard card's data (the
 * active team's projects; the data export has every team's), and their forms.
 */
import type { ServerFeature } from "~/server/features.server";
import * as projects from "./migrations/0015-projects";
import { PROJECT_ACTIONS } from "./project-actions.server";
import { activeTeamProjects, everyTeamsProjects } from "./projects.server";
import { projectsSection } from "./sections";

export default {
  // Its name is the one existing databases recorded: never rename it.
  migrations: { "0015-projects": projects },
  // The data export keeps this key (it reads without a request): every team's projects.
  dashboard: [
    projectsSection.load((services, signedIn, request) =>
      request ? activeTeamProjects(services, signedIn) : everyTeamsProjects(services, signedIn),
    ),
  ],
  actions: PROJECT_ACTIONS,
} satisfies ServerFeature;
