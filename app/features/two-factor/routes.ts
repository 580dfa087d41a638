/** Two-step sign-in's pages: the code step of a sign-in, and the dashboard page that turns it on and off. */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "~/lib/features";

export default {
  guest: [route("login/two-factor", "features/two-factor/login-two-factor.tsx")],
  signedIn: [route("dashboard/two-factor", "features/two-factor/dashboard-two-factor.tsx")],
} satisfies FeatureRoutes;
