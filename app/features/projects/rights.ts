import type { TeamRule } from "~/features/teams/api";

/**
 * Who may do what to a team's projects, beyond what every member may
 * (create, rename, archive, restore): the server refuses the rest with the
 * rule's words (`403`), and the pages show only what the role may do.
 */
export const PROJECT_RULES = {
  delete: { roles: ["owner", "admin"], refusal: "Only the team's owners and admins can delete projects." },
} as const satisfies Record<string, TeamRule>;
