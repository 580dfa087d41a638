/**
 * The admin console's pages: the accounts, one account, the trail, and the
 * support sign-in's Stop. Open to anyone's request, so that for everyone
 * but an administrator they answer the app's own `404` (./console-access.server.ts),
 * never a sign-in page that would tell them the console exists.
 */
import { route } from "@react-router/dev/routes";
import type { FeatureRoutes } from "~/lib/features";

export default {
  anyone: [
    route("admin", "features/admin/accounts-page.tsx"),
    route("admin/accounts/:userId", "features/admin/account-page.tsx"),
    route("admin/audit", "features/admin/audit-page.tsx"),
    route("admin/support/stop", "features/admin/support-stop.tsx"),
  ],
} satisfies FeatureRoutes;
