import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { EdgeEnv } from "./edge-env";

/**
 * The Content-Security-Policy of a response: scripts only from this origin
 * or inline with this response's nonce (or, on a prebuilt page, the hashes of
 * its own inline scripts); no plugins, no framing, forms and `<base>` only to
 * this origin (and the sign-in providers, which a provider button's form post
 * redirects to: browsers apply `form-action` to that redirect). Inline styles stay allowed: Radix and toasts set `style`
 * attributes, which cannot carry a nonce, and styles cannot run code.
 */
export function contentSecurityPolicy(
  nonce: string,
  scriptHashes: readonly string[] = [],
  formTargets: readonly string[] = [],
): string {
  const scripts = ["'self'", `'nonce-${nonce}'`, ...scriptHashes.map((hash) => `'${hash}'`)];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formTargets].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

const NONCE_BYTES = 16;
const NONCES_PER_BATCH = 256;
let randomBatch = Buffer.alloc(0);
let usedBytes = 0;

/**
 * A fresh nonce, cut from a batch of random bytes that is drawn once per 256
 * responses (as `randomUUID` does): one call into the CSPRNG per response
 * cost more than the rest of this middleware. No bytes are ever used twice.
 */
function freshNonce(): string {
  if (usedBytes === randomBatch.length) {
    randomBatch = randomBytes(NONCE_BYTES * NONCES_PER_BATCH);
    usedBytes = 0;
  }
  usedBytes += NONCE_BYTES;
  return randomBatch.toString("base64", usedBytes - NONCE_BYTES, usedBytes);
}

/**
 * Security headers on every answer, and the nonce the React
 * render puts on its inline scripts. HSTS only when the app is served over
 * HTTPS: sent over plain HTTP it would be ignored, and on localhost harmful.
 */
export function securityHeaders({
  https,
  formTargets = [],
}: {
  https: boolean;
  /** Origins a form post may lead to besides this one: the configured sign-in providers. */
  formTargets?: readonly string[];
}): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    const nonce = freshNonce();
    c.set("nonce", nonce);
    await next();
    const headers = c.res.headers;
    headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, c.get("scriptHashes"), formTargets));
    headers.set("X-Content-Type-Options", "nosniff");
    // A page that chose a stricter policy keeps it (a mailed link's page: `same-origin`).
    if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (https) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    headers.delete("X-Powered-By");
  };
}
