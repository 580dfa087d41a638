import type { HeadersFunction } from "react-router";
import { dataHeaders } from "./route-headers";

/**
 * `headers` for the pages a mailed link opens (its token is in the address
 * and in the form): no copy in any cache, and no `Referer` carrying the
 * token to another site. `same-origin`, not `no-referrer`: under
 * `no-referrer` a browser posts the page's own form with `Origin: null`,
 * which the origin check refuses (the form without JavaScript). The loader's and action's own headers pass on
 * (`Retry-After`).
 */
export const mailLinkPageHeaders: HeadersFunction = (args) => {
  const answer = dataHeaders(args);
  answer.set("Cache-Control", "no-store");
  answer.set("Referrer-Policy", "same-origin");
  return answer;
};
