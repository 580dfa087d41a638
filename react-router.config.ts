import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The landing page is rendered once at build time for guests (SPEC §8):
  // build/client/index.html and its data file, build/client/_.data, which
  // server/prerendered.ts serves to every request without a session cookie.
  prerender: ["/"],
} satisfies Config;
