/** Projects' page: the active team's projects, archived ones included. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "~/lib/features";

export default {
  signedIn: [route("dashboard/projects", "features/projects/projects-page.tsx")],
} satisfies FeatureRoutes;
