/**
 * better-auth's `organization` plugin, as teams use it: the roles of
 * ./roles.ts in its access control, invitations of a week that only a
 * verified address may accept, teams made only by verified addresses.
 * Its HTTP endpoints stay closed (the edge's allowlist opens none of
 * them): the pages call it on the server.
 */

import { createAccessControl } from "better-auth/plugins/access";
import { organization } from "better-auth/plugins/organization";
import { TEAM_INVITATION_SECONDS } from "./constants";

const statements = {
  organization: ["update", "delete"],
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
} as const;

const ac = createAccessControl(statements);

/** ./roles.ts's `TEAM_RIGHTS`, in the plugin's terms. */
const roles = {
  owner: ac.newRole({
    organization: ["update", "delete"],
    member: ["create", "update", "delete"],
    invitation: ["create", "cancel"],
  }),
  admin: ac.newRole({ member: ["create", "update", "delete"], invitation: ["create", "cancel"] }),
  member: ac.newRole({}),
};

/** How many teams one person may belong to, and members and waiting invitations one team may have. */
const TEAM_LIMITS = { teamsPerPerson: 50, membersPerTeam: 100, pendingInvitationsPerTeam: 100 };

export function teamsPlugin() {
  return organization({
    ac,
    roles,
    creatorRole: "owner",
    allowUserToCreateOrganization: (user) => user.emailVerified === true,
    organizationLimit: TEAM_LIMITS.teamsPerPerson,
    membershipLimit: TEAM_LIMITS.membersPerTeam,
    invitationLimit: TEAM_LIMITS.pendingInvitationsPerTeam,
    invitationExpiresIn: TEAM_INVITATION_SECONDS,
    requireEmailVerificationOnInvitation: true,
  });
}

/** The plugin's endpoints on `auth.api`: the core adds the plugin through `ServerFeature.authPlugins`, so `Auth`'s type does not list them. */
export type TeamEndpoints = ReturnType<typeof teamsPlugin>["endpoints"];
