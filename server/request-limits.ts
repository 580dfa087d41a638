import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";

/** Request bodies: forms and small JSON only; anything larger is refused. */
const MAX_BODY_BYTES = 64 * 1024;

const ALLOWED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
const API_TYPES = new Set(["application/json", ...FORM_TYPES]);

/** `405` for methods the app never answers (TRACE, CONNECT, made-up ones). */
export const allowedMethods: MiddlewareHandler = async (c, next) => {
  if (!ALLOWED_METHODS.has(c.req.method)) {
    return c.json({ error: "Method Not Allowed" }, 405, { Allow: [...ALLOWED_METHODS].join(", ") });
  }
  await next();
};

const limitBody: MiddlewareHandler = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  // The rest of the body is never read, so the connection cannot carry another request.
  onError: (c) => c.json({ error: "Payload Too Large" }, 413, { Connection: "close" }),
});

/**
 * `413` for bodies over the limit, told or not: the app takes forms and small JSON only.
 * A GET or HEAD has no body (fetch's `Request` never carries one), so it
 * skips the check: asking a Node request for its body builds a whole
 * `Request` just to find `null`.
 */
export const limitBodySize: MiddlewareHandler = (c, next) =>
  c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitBody(c, next);

/** Per HTTP/1.1, a request has a body exactly when Content-Length or Transfer-Encoding says so. */
function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  return request.headers.has("transfer-encoding") || (length !== null && length !== "0");
}

/**
 * `415` for a body in a type its receiver does not read: pages take form
 * posts, the API also JSON. A body without a type is refused too.
 */
export const requireKnownContentType: MiddlewareHandler = async (c, next) => {
  if (hasBody(c.req.raw)) {
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
    const allowed = c.req.path.startsWith("/api/") ? API_TYPES : FORM_TYPES;
    if (!allowed.has(type)) return c.json({ error: "Unsupported Media Type" }, 415);
  }
  await next();
};
