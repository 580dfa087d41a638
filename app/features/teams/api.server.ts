/**
 * What teams give the features that require them, on the server: the
 * tenancy primitive and the one kit for forms inside a team.
 * - `activeTeamScope(db, session)`: the session's active team, checked
 *   against the membership at every call, and queries that see only its rows;
 * - `teamScopedAction({ intent, policy, fields, allowed, run })`: a form
 *   inside the active team (never a team the form names): `404` for a
 *   removed member, `403` without the role, `run` gets the scope;
 * - `scopesOfMember(db, userId)`: every team the person belongs to, each
 *   as its scope, for what reads across them (the data export).
 * The browser's half (roles, rules, the teams page) is ./api.ts.
 */

export type { Team } from "./team-membership.server";
export { activeTeamScope, scopesOfMember, type TeamScope } from "./team-scope.server";
export { NO_ACTIVE_TEAM, teamScopedAction } from "./team-scoped-action.server";
