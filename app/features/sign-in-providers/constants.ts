/** The sign-in providers' own constants (the popup's ones shared with the tests are in ~/lib/constants). */

/** The sign-in popup's size: 960 × 600, centred on the page that opens it. */
export const POPUP_WIDTH = 960;
export const POPUP_HEIGHT = 600;
/** How often the opener checks whether the visitor closed the popup. */
export const POPUP_CLOSED_POLL_MS = 500;
/**
 * The page an OAuth flow comes back to in the popup, and where failed or
 * refused callbacks land (`?error=code`): it closes the popup or shows why.
 */
export const AUTH_RESULT_PATH = "/auth/result";
/** Button label of the generic OpenID Connect provider when `OIDC_NAME` is not set. */
export const DEFAULT_OIDC_NAME = "OpenID";
/** How long a sign-in waits for the OpenID provider's discovery document. */
export const OIDC_DISCOVERY_TIMEOUT_MS = 5_000;
/** The key of the providers' part of the dashboard's data (`DashboardData.features`) and of the sign-in page's. */
export const PROVIDERS_KEY = "signInProviders";
