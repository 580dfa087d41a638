/** Teams' pages, and how long an invitation waits. */
export const TEAMS_PATH = "/dashboard/teams";
export const teamPath = (teamId: string) => `${TEAMS_PATH}/${encodeURIComponent(teamId)}`;
/** The page a mailed invitation opens. */
export const TEAM_INVITATION_PATH = "/team-invitation";
/** An invitation, and the link that carries it, work for a week. */
export const TEAM_INVITATION_SECONDS = 7 * 24 * 60 * 60;
/** A team's name is checked like a person's name, and shorter: it goes into mails to strangers. */
export const TEAM_NAME_MAX_LENGTH = 60;
