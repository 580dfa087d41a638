/** Teams' pages, and how long an invitation waits. */
export const TEAMS_PATH = "/dashboard/teams";
export const teamPath = (teamId: string) => `${TEAMS_PATH}/${encodeURIComponent(teamId)}`;
/** The page a mailed invitation opens. */
export const TEAM_INVITATION_PATH = "/team-invitation";
/** An invitation, and the link that carries it, work for a week. */
export const TEAM_INVITATION_SECONDS = 7 * 24 * 60 * 60;
/** A team's name is short: it goes into the subject of mails to strangers (./team-name.ts). */
export const TEAM_NAME_MAX_LENGTH = 60;
/** The page the link mailed to a team's previous owner opens, to take ownership back. */
export const TEAM_TAKE_BACK_PATH = "/team-ownership";
/** That link works for a week after the transfer. */
export const TEAM_TAKE_BACK_SECONDS = 7 * 24 * 60 * 60;
