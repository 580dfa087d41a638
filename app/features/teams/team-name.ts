import { displayName } from "~/lib/fields";
import { TEAM_NAME_MAX_LENGTH } from "./constants";

/**
 * A team's name: the rules of a person's name (trimmed, no control
 * characters), shorter, and no web address, since it goes into the
 * invitation mailed to a stranger.
 */
export const teamName = displayName(TEAM_NAME_MAX_LENGTH, "Name your team.").refine(
  (name) => !/:\/\/|www\./i.test(name),
  "Leave web addresses out of the team's name.",
);
