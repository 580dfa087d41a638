import type { HeadersFunction } from "react-router";
import { dataHeaders } from "./route-headers";

/**
 * The Cross-Origin-Opener-Policy the sign-in pages send themselves: the
 * popup flow must work with it (it separates the popup from its opener once
 * the popup is back on the app).
 */
const CROSS_ORIGIN_OPENER_POLICY = "same-origin-allow-popups";

/**
 * `headers` for the pages of the sign-in popup flow (`/login`, `/auth/result`):
 * the loader's and action's own headers (e.g. `Retry-After`), plus the app's
 * Cross-Origin-Opener-Policy, so the popup flow always runs under it.
 */
export const signInPageHeaders: HeadersFunction = (args) => {
  const answer = dataHeaders(args);
  answer.set("Cross-Origin-Opener-Policy", CROSS_ORIGIN_OPENER_POLICY);
  return answer;
};
