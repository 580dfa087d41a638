import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "~/lib/features";

/** The pages behind the two mailed links: they work whether or not the browser is signed in. */
export default {
  anyone: [
    route("change-email", "features/email-change/change-email-page.tsx"),
    route("undo-email-change", "features/email-change/undo-email-change-page.tsx"),
  ],
} satisfies FeatureRoutes;
