import type { HeadersFunction } from "react-router";
import { CROSS_ORIGIN_OPENER_POLICY } from "./constants";

/**
 * `headers` for the pages of the sign-in popup flow (`/login`, `/auth/result`):
 * the loader's and action's own headers (e.g. `Retry-After`), plus the app's
 * Cross-Origin-Opener-Policy (SPEC §10), so the popup flow always runs under it.
 */
export const signInPageHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const answer = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) answer.set(name, value);
  answer.set("Cross-Origin-Opener-Policy", CROSS_ORIGIN_OPENER_POLICY);
  return answer;
};
