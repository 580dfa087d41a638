import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "~/lib/features";

/** The sign-in providers' page: where the popup comes back to, and where refused callbacks land. */
export default {
  anyone: [route("auth/result", "features/sign-in-providers/auth-result.tsx")],
} satisfies FeatureRoutes;
