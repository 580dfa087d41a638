import type { HeadersFunction } from "react-router";
import { CROSS_ORIGIN_OPENER_POLICY } from "./constants";
import { dataHeaders } from "./route-headers";

/**
 * `headers` for the pages of the sign-in popup flow (`/login`, `/auth/result`):
 * the loader's and action's own headers (e.g. `Retry-After`), plus the app's
 * Cross-Origin-Opener-Policy (SPEC §10), so the popup flow always runs under it.
 */
export const signInPageHeaders: HeadersFunction = (args) => {
  const answer = dataHeaders(args);
  answer.set("Cross-Origin-Opener-Policy", CROSS_ORIGIN_OPENER_POLICY);
  return answer;
};
