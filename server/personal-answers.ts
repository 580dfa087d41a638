import type { MiddlewareHandler } from "hono";
import { AUTH_API_PATH, SESSION_API_PATH } from "~/lib/constants";

/** Whether a request's path answers about a person: the auth APIs, and React Router's data requests. */
function isPersonalPath(path: string): boolean {
  return (
    path.startsWith(`${AUTH_API_PATH}/`) ||
    path === SESSION_API_PATH ||
    path.startsWith(`${SESSION_API_PATH}/`) ||
    path.endsWith(".data")
  );
}

/**
 * `Cache-Control: private, no-store` on every answer about a person that
 * does not say how to cache itself: better-auth's and the session API's
 * JSON, React Router's data requests (loader and action data, `.data`),
 * and any page rendered for a request carrying a session cookie. No shared
 * cache, and no browser cache, keeps a copy of someone's account. Answers
 * that set their own caching keep it (the prebuilt landing page, static
 * files, icons).
 */
export function noStoreForPersonalAnswers(sessionCookieName: string): MiddlewareHandler {
  const cookiePattern = new RegExp(`(?:^|;\\s*)${sessionCookieName.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}=`);
  return async (c, next) => {
    await next();
    if (c.res.headers.has("Cache-Control")) return;
    if (isPersonalPath(c.req.path) || cookiePattern.test(c.req.header("cookie") ?? "")) {
      c.res.headers.set("Cache-Control", "private, no-store");
    }
  };
}
