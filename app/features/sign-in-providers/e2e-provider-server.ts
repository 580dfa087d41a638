/**
 * Runs the test OpenID provider (./e2e-provider.ts) as its own process:
 * Playwright starts it before the app, as this feature's `webServer` (./e2e-setup.ts).
 */
import { startOidcProvider } from "./e2e-provider.ts";

const appUrl = process.argv[2];
if (!appUrl) throw new Error("usage: node app/features/sign-in-providers/e2e-provider-server.ts <app URL>");
await startOidcProvider(appUrl);
console.info(`Test OpenID provider listening for ${appUrl}`);
