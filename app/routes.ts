import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  layout("routes/guest-layout.tsx", [
    route("login", "routes/login.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
  ]),
  layout("routes/auth-layout.tsx", [route("dashboard", "routes/dashboard.tsx")]),
  route("logout", "routes/logout.tsx"),
  route("auth/result", "routes/auth-result.tsx"),
  // Pages behind mailed links: they work whether or not the browser is signed in.
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("sign-out-everywhere", "routes/sign-out-everywhere.tsx"),
  route("__e2e", "routes/e2e/layout.tsx", [
    route("crash", "routes/e2e/crash.tsx"),
    route("forced-dark", "routes/e2e/forced-dark.tsx"),
    route("forced-system", "routes/e2e/forced-system.tsx"),
    route("icons", "routes/e2e/icons.tsx"),
    route("links", "routes/e2e/links.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
