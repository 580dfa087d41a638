/**
 * What teams give the features that require them (`requires: ["teams"]`
 * in app/features/registry.ts), for the browser and the server alike: the
 * roles and their names, the rule type a product's rights are written in,
 * and the teams page to send someone without an active team to. The
 * server's half is ./api.server.ts. Nothing else of this folder may be
 * imported by another feature (app/architecture.test.ts).
 */
export { TEAMS_PATH } from "./constants";
export { ROLE_NAMES, roleAllowed, TEAM_ROLES, type TeamRole, type TeamRule } from "./roles";
