/**
 * Teams on the server: their tables, better-auth's `organization` plugin
 * (its endpoints stay closed over HTTP), the dashboard card's data (also
 * in the data export), the invitation and take-back links, and the rule that a team's
 * only owner hands it over before deleting their account.
 */
import type { ServerFeature } from "~/server/features.server";
import { teamsPlugin } from "./access.server";
import { teamsOnAccountDeletion } from "./account-deletion.server";
import { TEAM_INVITATION_PATH, TEAM_TAKE_BACK_PATH } from "./constants";
import { INVITATION_LINK } from "./invitations.server";
import { teamMembershipsOf } from "./memberships.server";
import * as teams from "./migrations/0012-teams";
import { TAKE_BACK_LINK } from "./ownership-take-back.server";
import { teamsSection } from "./sections";
import { activeOrganizationIdOf } from "./team-membership.server";
import { soleOwnerRefusal, teamsData } from "./teams.server";

export default {
  // Its name is the one existing databases recorded: never rename it.
  migrations: { "0012-teams": teams },
  dashboard: [
    // Only the export (which reads without a request) lists the invitations the person sent.
    teamsSection.load(({ db }, { user, session }, request) =>
      teamsData(db, user, activeOrganizationIdOf(session), { withInvitationsSent: request === undefined }),
    ),
  ],
  mailedLinks: { [INVITATION_LINK]: TEAM_INVITATION_PATH, [TAKE_BACK_LINK]: TEAM_TAKE_BACK_PATH },
  accountDeletionRefusal: soleOwnerRefusal,
  auth: {
    // better-auth's organization plugin, and its refusal of `/delete-user` for a team's only owner.
    plugins: ({ db }) => [teamsPlugin(db), teamsOnAccountDeletion(db)],
    // The admin console's list and account page: each account's teams and roles.
    membershipsOf: teamMembershipsOf,
  },
} satisfies ServerFeature;
