import type { HeadersFunction } from "react-router";
import { dataHeaders } from "./route-headers";

/**
 * `headers` for the pages a mailed link opens (its token is in the address
 * and in the form): no copy in any cache, and no `Referer` at all, so the
 * token reaches no other site and no log of our own requests (the page's
 * scripts and styles, through any proxy). The page's own form then posts
 * with `Origin: null`, which the origin check lets through only with the
 * browser's `Sec-Fetch-Site: same-origin` (server/origin-check.ts). The
 * loader's and action's own headers pass on (`Retry-After`).
 */
export const mailLinkPageHeaders: HeadersFunction = (args) => {
  const answer = dataHeaders(args);
  answer.set("Cache-Control", "no-store");
  answer.set("Referrer-Policy", "no-referrer");
  return answer;
};
