/**
 * better-auth's `organization` plugin, as teams use it: the roles of
 * ./roles.ts in its access control, invitations of a week that only a
 * verified address may accept while their sender may still invite, teams
 * made only by verified addresses. Changes to members (roles, removals,
 * leaving, transfers) are not made through it: ./member-changes.server.ts
 * makes each under the team's lock.
 * Its HTTP endpoints stay closed (the edge's allowlist opens none of
 * them): the pages call it on the server.
 */

import { APIError } from "better-auth/api";
import { createAccessControl } from "better-auth/plugins/access";
import { organization } from "better-auth/plugins/organization";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { TEAM_INVITATION_SECONDS } from "./constants";
import { inviterMayInvite } from "./teams.server";

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

/**
 * The plugin on `db`. Accepting an invitation also needs its sender to
 * still be allowed to invite (an invitation never outlives its sender's
 * right), at the plugin's own door.
 */
export function teamsPlugin(db: Kysely<Database>) {
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
    organizationHooks: {
      beforeAcceptInvitation: async ({ invitation }) => {
        if (!(await inviterMayInvite(db, invitation))) {
          throw new APIError("BAD_REQUEST", {
            message: "The person who sent this invitation may no longer invite.",
            code: "INVITATION_NOT_FOUND",
          });
        }
      },
    },
  });
}

/** The plugin's endpoints on `auth.api`: the core adds the plugin through `AuthExtensions.plugins`, so `Auth`'s type does not list them. */
export type TeamEndpoints = ReturnType<typeof teamsPlugin>["endpoints"];
