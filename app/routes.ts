import { index, layout, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";
import { featureRoutes } from "./features/routes";

export default [
  index("routes/home.tsx"),
  layout("routes/guest-layout.tsx", [
    route("login", "routes/login.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("confirm-sign-up", "routes/confirm-sign-up.tsx"),
    ...featureRoutes("guest"),
  ]),
  layout("routes/auth-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    ...featureRoutes("signedIn"),
  ]),
  route("logout", "routes/logout.tsx"),
  route("language", "routes/language.tsx"),
  // Pages behind mailed links: they work whether or not the browser is signed in.
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("sign-out-everywhere", "routes/sign-out-everywhere.tsx"),
  ...featureRoutes("anyone"),
  ...e2eTestRoutes(),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

/**
 * The pages the end-to-end suite uses to provoke what real pages never do.
 * Only a build made with `E2E_TEST_ROUTES=1` (`npm run test:e2e`) has them,
 * and even there they answer only while the server runs with the same
 * setting: a production build ships neither their code nor their routes.
 */
function e2eTestRoutes(): RouteConfigEntry[] {
  if (process.env.E2E_TEST_ROUTES !== "1") return [];
  return [
    route("__e2e", "routes/e2e/layout.tsx", [
      route("crash", "routes/e2e/crash.tsx"),
      route("forced-dark", "routes/e2e/forced-dark.tsx"),
      route("forced-system", "routes/e2e/forced-system.tsx"),
      route("icons", "routes/e2e/icons.tsx"),
      route("links", "routes/e2e/links.tsx"),
      route("named/:name", "routes/e2e/named.tsx"),
    ]),
  ];
}
