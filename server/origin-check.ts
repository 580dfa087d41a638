import type { MiddlewareHandler } from "hono";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site.
 * Browsers attach `Origin` to every cross-origin POST/PUT/PATCH/DELETE, and
 * `Sec-Fetch-Site` to every request; a request with neither comes from a
 * non-browser client, which cookies-based CSRF cannot involve. A page with
 * `Referrer-Policy: no-referrer` (a mailed link's) posts its own form with
 * `Origin: null`; the browser's `Sec-Fetch-Site: same-origin`, which no page
 * can set, tells it from a sandboxed frame or another site's page, whose
 * requests are `cross-site`.
 */
export function isCrossSiteRequest(request: Request, appOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  if (origin === "null" && site === "same-origin") return false;
  if (origin !== null) return origin !== appOrigin;
  return site !== null && site !== "same-origin" && site !== "none";
}

/** Hono middleware: 403 for cross-site state-changing requests. */
export function originCheck(appOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (isCrossSiteRequest(c.req.raw, appOrigin)) {
      return c.json({ error: "Cross-site request refused" }, 403);
    }
    await next();
  };
}
