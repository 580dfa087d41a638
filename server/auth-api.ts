import { type Context, Hono } from "hono";
import { AUTH_API_PATH, SIGN_IN_PATH } from "~/lib/constants";
import type { AppServices } from "~/server/context.server";
import { clientIpOf, tooManyAttemptsMessage } from "~/server/rate-limit.server";

/** better-auth endpoints that sign someone in, create an account or send a mail: rate limited. */
const LIMITED_PATHS = [
  /^\/request-password-reset$/,
  /^\/sign-in\//,
  /^\/sign-up\//,
  /^\/passkey\/verify-authentication$/,
  /^\/callback\//,
  /^\/oauth2\/callback\//,
];

/** Endpoints whose body names an account (`email`), counted per account too. */
const ACCOUNT_PATHS = {
  "/sign-in/email": "sign-in",
  "/sign-up/email": "sign-up",
  // The same budget as the `/forgot-password` page: nobody floods a mailbox through the API either.
  "/request-password-reset": "password-reset",
} as const;

/**
 * better-auth's own endpoints under `/api/auth` (OAuth callbacks, passkeys,
 * and its JSON API), behind the sign-in rate limits: per client IP, and per
 * account where the request names one. Past the limit: `429` with
 * `Retry-After`, JSON for API calls, a short page for a browser navigation
 * (an OAuth provider sending someone back).
 */
export function authApi({ auth, rateLimits }: AppServices) {
  return new Hono()
    .use(async (c, next) => {
      const path = c.req.path.slice(AUTH_API_PATH.length);
      if (!LIMITED_PATHS.some((pattern) => pattern.test(path))) return next();
      const kind = Object.hasOwn(ACCOUNT_PATHS, path)
        ? ACCOUNT_PATHS[path as keyof typeof ACCOUNT_PATHS]
        : undefined;
      const account = kind ? await emailIn(c.req.raw) : undefined;
      const result = await rateLimits.check({ ip: clientIpOf(c.req.raw), account, kind });
      if (!result.allowed) {
        return tooManyAttempts(
          c,
          result.retryAfterSeconds,
          kind === "password-reset" ? "reset requests" : undefined,
        );
      }
      return next();
    })
    .all("*", (c) => auth.handler(c.req.raw));
}

/** The `email` of a JSON or form body, read from a copy so better-auth can still read it. */
async function emailIn(request: Request): Promise<string | undefined> {
  try {
    const type = request.headers.get("content-type") ?? "";
    const copy = request.clone();
    const email = type.includes("application/json")
      ? ((await copy.json()) as { email?: unknown } | null)?.email
      : (await copy.formData()).get("email");
    return typeof email === "string" && email.trim() ? email : undefined;
  } catch {
    return undefined; // Malformed: better-auth answers it with a 400.
  }
}

function tooManyAttempts(c: Context, retryAfterSeconds: number, what?: string) {
  const message = tooManyAttemptsMessage(retryAfterSeconds, what);
  c.header("Retry-After", String(retryAfterSeconds));
  c.header("Cache-Control", "no-store");
  if (c.req.header("sec-fetch-mode") === "navigate") {
    return c.html(
      `<!doctype html><meta charset="utf-8"><title>Too many attempts</title><p>${message}</p><p><a href="${SIGN_IN_PATH}">Back to sign in</a></p>`,
      429,
    );
  }
  return c.json({ error: message }, 429);
}
