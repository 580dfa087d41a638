import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "./app/lib/constants";

export default {
  ssr: true,
  // The landing page is rendered once at build time for guests (SPEC §8):
  // build/client/index.html and its data file, build/client/_.data, which
  // server/prerendered.ts serves to every request without a session cookie.
  prerender: [...PRERENDERED_PATHS],
  // The whole route manifest ships with the first page (it is small), so
  // links can preload any route at once and no request goes to /__manifest.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
