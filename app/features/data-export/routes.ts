import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "~/lib/features";

export default {
  // The file is made by a post; opening the address goes back to the dashboard.
  signedIn: [route("dashboard/data", "features/data-export/download.ts")],
} satisfies FeatureRoutes;
