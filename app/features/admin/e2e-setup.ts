import type { FeatureE2eSetup } from "../../../tests/fixtures/feature-journeys";

/** The address `ADMIN_EMAILS` lists for the e2e server (the console's listed administrator). */
export const LISTED_ADMIN_EMAIL = "listed-admin@admin.example.test";

/** What the end-to-end suite's server is started with for this feature (playwright.config.ts, while it is listed). */
export default { appEnv: { ADMIN_EMAILS: LISTED_ADMIN_EMAIL } } satisfies FeatureE2eSetup;
