/**
 * Every form of the teams' pages, one `dashboardAction` each: plain form
 * posts that also work without JavaScript. Each names its team
 * (`teamId`), and is checked on the server against the poster's role in
 * it (./roles.ts): someone who does not belong to the team gets a `404`,
 * a member without the right a `403`, and nothing changes. The plugin
 * checks its own rules again (its access control, the last owner).
 */
import { INVITATION_ACTIONS } from "./invitation-actions.server";
import { MEMBER_ACTIONS } from "./member-actions.server";
import { TEAM_SETTINGS_ACTIONS } from "./team-settings-actions.server";

/** The forms of /dashboard/teams and of each team's page. */
export const TEAM_ACTIONS = [...TEAM_SETTINGS_ACTIONS, ...INVITATION_ACTIONS, ...MEMBER_ACTIONS];
