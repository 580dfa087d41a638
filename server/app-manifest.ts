import { Hono } from "hono";
import { BRAND_COLORS } from "~/lib/constants";

/**
 * Answers browsers and password managers ask for at well-known places:
 * the web app manifest (its name is `APP_NAME`, set at run time, so it is
 * written per request rather than at build time), and
 * `/.well-known/change-password`, which leads to the password form.
 */
export function appManifest(appName: string) {
  const manifest = {
    name: appName,
    short_name: appName,
    start_url: "/",
    display: "standalone",
    background_color: BRAND_COLORS.background,
    theme_color: BRAND_COLORS.theme,
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
  return new Hono()
    .get("/manifest.webmanifest", (c) => {
      c.header("Content-Type", "application/manifest+json");
      c.header("Cache-Control", "public, max-age=3600");
      return c.body(JSON.stringify(manifest));
    })
    .get("/.well-known/change-password", (c) => c.redirect(CHANGE_PASSWORD_PATH, 302));
}

/** Where the password form is: the dashboard's sign-in methods (a guest signs in first). */
export const CHANGE_PASSWORD_PATH = "/dashboard#sign-in-methods";
