/**
 * Two-step sign-in's constants: its pages, its recovery codes, how long a
 * trusted browser skips the code and how long the code step waits.
 * Shared by its server and browser modules; no Node, no DOM.
 */
import { pathWithRedirect } from "~/lib/redirect";

export const TWO_FACTOR_PATH = "/login/two-factor";
export const TWO_FACTOR_SETTINGS_PATH = "/dashboard/two-factor";
/** How many single-use recovery codes one set has. */
export const RECOVERY_CODE_COUNT = 10;
/** How long "Trust this browser" skips the second step (a signed cookie, renewed at each sign-in it skips). */
export const TRUSTED_BROWSER_DAYS = 30;
/** How long the second step waits for its code after the password (or the provider) was right. */
export const SECOND_STEP_SECONDS = 10 * 60;

/** `/login/two-factor?redirect=/dashboard`: the code of a two-step sign-in, then `pathWithSearch`. */
export function secondStepPath(pathWithSearch: string): string {
  return pathWithRedirect(TWO_FACTOR_PATH, pathWithSearch);
}
