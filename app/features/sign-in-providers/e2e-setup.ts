import type { FeatureE2eSetup } from "../../../tests/fixtures/feature-journeys";
import { OIDC_ISSUER, oidcAppEnv } from "./e2e-provider";

/**
 * What the end-to-end suite starts for this feature (playwright.config.ts,
 * only while it is listed): a real OpenID provider on loopback, before the
 * app, and the app pointed at it.
 */
export default {
  webServers: (appUrl) => [
    {
      command: `node app/features/sign-in-providers/e2e-provider-server.ts ${appUrl}`,
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
    },
  ],
  appEnv: oidcAppEnv,
} satisfies FeatureE2eSetup;
