import type { ServerFeature } from "~/server/features.server";
import linkProvider from "./link-provider.server";

/** Sign-in providers: GitHub, Google and OpenID Connect, each when configured. */
export default {
  actions: [linkProvider],
} satisfies ServerFeature;
