/** Teams' pages: the list (and a new team), each team's page, and the pages the mailed links open (an invitation, taking ownership back). */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "~/lib/features";

export default {
  signedIn: [
    route("dashboard/teams", "features/teams/teams-page.tsx"),
    route("dashboard/teams/:teamId", "features/teams/team-page.tsx"),
  ],
  anyone: [
    route("team-invitation", "features/teams/invitation-page.tsx"),
    route("team-ownership", "features/teams/ownership-take-back-page.tsx"),
  ],
} satisfies FeatureRoutes;
