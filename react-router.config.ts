import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/lib/constants";

export default {
  ssr: true,
  // The landing page is rendered once at build time for guests:
  // build/client/index.html and its data file, build/client/_.data, which
  // server/prerendered.ts serves to every request without a session cookie.
  prerender: [...PRERENDERED_PATHS],
  // The whole route manifest ships with the first page (it is small), so
  // links can preload any route at once and no request goes to /__manifest.
  routeDiscovery: { mode: "initial" },
  // A mailed link's page sends no Referer, so its form posts with `Origin:
  // null`. The HTTP edge's origin check (server/origin-check.ts) has already
  // let such a post through only with the browser's `Sec-Fetch-Site:
  // same-origin`; React Router's own check would refuse every one.
  allowedActionOrigins: ["null"],
} satisfies Config;
