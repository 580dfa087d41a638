import type { TeamRule } from "~/features/teams/api";
import * as m from "./messages";

/**
 * Who may do what to a team's projects, beyond what every member may
 * (create, rename, archive, restore): the server refuses the rest with the
 * rule's words (`403`), and the pages show only what the role may do.
 */
export const PROJECT_RULES = {
  delete: {
    roles: ["owner", "admin"],
    // A getter: the refusal speaks the language of the request it answers.
    get refusal() {
      return m.deleteRefusal();
    },
  },
} as const satisfies Record<string, TeamRule>;
