import { type Context, Hono } from "hono";
import { html } from "hono/html";
import { directionOf, locale } from "~/i18n/runtime";
import { AUTH_API_PATH, SIGN_IN_PATH } from "~/lib/constants";
import { REFUSED_WHILE_IMPERSONATING } from "~/server/action-policy.server";
import type { AuthDoor } from "~/server/auth/auth-extensions";
import type { AppServices } from "~/server/context.server";
import { featureAuthDoors, featureEndpoints } from "~/server/feature-hooks.server";
import { clientIpOf, type RateLimitResult, tooManyAttemptsMessage } from "~/server/limits/rate-limit.server";
import * as m from "~/server/messages";
import { isImpersonatedSession, readSession } from "~/server/session/session.server";

/**
 * The only better-auth endpoints reachable over HTTP (SECURITY.md lists them
 * and why): the features' that the browser calls itself (`AuthEndpoint.door`:
 * the passkey ceremonies), and the doors the listed features open by
 * configuration (`AuthExtensions.doors`: the callbacks of the configured
 * sign-in providers, where the provider sends the browser back). Everything else (signing in with a password, sign-up,
 * password changes, sessions, provider tokens…) is reached only through the
 * app's own pages, which call `auth.api` on the server with the app's
 * rules. An allowlist, so a better-auth upgrade that adds endpoints adds no
 * doors.
 */
export function authDoors(featureDoors: readonly AuthDoor[] = []): AuthDoor[] {
  return [
    ...featureEndpoints().flatMap(({ path, door }): AuthDoor[] => (door ? [{ ...door, path }] : [])),
    ...featureDoors,
  ];
}

/**
 * better-auth's endpoints under `/api/auth`, behind the allowlist above:
 * any other method or path answers `404` without reaching better-auth. The
 * doors that stay open are rate limited per client IP (`429` with
 * `Retry-After`, JSON for API calls, a short page for a browser coming
 * back from a provider), refuse NUL characters anywhere in their input
 * (`400`: no database stores them), and never answer a session token in
 * their body (the cookie carries it).
 */
export function authApi({
  auth,
  db,
  rateLimits,
  env,
}: Pick<AppServices, "auth" | "db" | "rateLimits" | "env">) {
  const doors = authDoors(featureAuthDoors(env));
  const limits: Record<"ip" | "challenge", (ip: string) => Promise<RateLimitResult>> = {
    ip: rateLimits.ip,
    challenge: rateLimits.challenge,
  };
  return new Hono().all("*", async (c) => {
    // The path as better-call will route it: the same URL parser, nothing decoded.
    const url = new URL(c.req.url);
    const path = url.pathname.slice(AUTH_API_PATH.length);
    const door = doors.find((candidate) => candidate.method === c.req.method && candidate.path === path);
    if (!door) return c.json({ error: "Not Found" }, 404);
    if (hasNul([...url.searchParams.values()]) || (await bodyHasNul(c.req.raw))) {
      return c.json({ error: "Bad Request: NUL characters are not accepted." }, 400);
    }
    // Every door changes how someone signs in (a passkey added, a provider linked) or signs in:
    // none opens to an administrator signed in as the person for support.
    if (
      c.req.header("cookie") &&
      isImpersonatedSession((await readSession({ auth, db }, c.req.raw.headers)).session)
    ) {
      return c.json({ error: REFUSED_WHILE_IMPERSONATING.message }, 403);
    }
    if (door.limit) {
      const result = await limits[door.limit](clientIpOf(c.req.raw));
      if (!result.allowed) return tooManyAttempts(c, result.retryAfterSeconds);
    }
    return withoutErrorDescription(await withoutSessionTokens(await auth.handler(c.req.raw)));
  });
}

/**
 * Drops `error_description` from a redirect's address: a refused callback
 * comes back with its code alone. The pages never show the text (a
 * provider's, or ours), and two refusals with one code (an address the
 * provider did not verify, an account the provider may not join) then
 * answer exactly alike.
 */
function withoutErrorDescription(response: Response): Response {
  const location = response.headers.get("location");
  if (!location?.includes("error_description=")) return response;
  // Cut from the raw text: everything else in the address stays byte for byte.
  const [beforeHash = "", hash] = location.split(/#(.*)/s);
  const [address = "", query = ""] = beforeHash.split(/\?(.*)/s);
  const kept = query.split("&").filter((pair) => !pair.startsWith("error_description="));
  const rewritten = `${address}${kept.length > 0 ? `?${kept.join("&")}` : ""}${hash === undefined ? "" : `#${hash}`}`;
  const headers = new Headers(response.headers);
  headers.set("location", rewritten);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function hasNul(values: Iterable<string>): boolean {
  for (const value of values) if (value.includes("\u0000")) return true;
  return false;
}

/** Whether a JSON body has a NUL in any key or string (read from a copy; better-auth reads the original). */
async function bodyHasNul(request: Request): Promise<boolean> {
  if (!request.body) return false;
  const text = await request.clone().text();
  if (text.includes("\u0000")) return true;
  let found = false;
  try {
    JSON.parse(text, (key, value) => {
      if (key.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) found = true;
      return value;
    });
  } catch {
    return false; // Not JSON: better-auth answers it with a 400 or 415.
  }
  return found;
}

/** Drops every `token` field from a JSON answer (a sign-in by a feature's door, a passkey's, returns the session's). */
async function withoutSessionTokens(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const text = await response.text();
  let body: string;
  try {
    body = JSON.stringify(JSON.parse(text, (key, value) => (key === "token" ? undefined : value)));
  } catch {
    body = text;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

function tooManyAttempts(c: Context, retryAfterSeconds: number) {
  const message = tooManyAttemptsMessage(retryAfterSeconds);
  c.header("Retry-After", String(retryAfterSeconds));
  c.header("Cache-Control", "no-store");
  if (c.req.header("sec-fetch-mode") === "navigate") {
    const language = locale();
    return c.html(
      html`<!doctype html><html lang="${language}" dir="${directionOf(language)}"><meta charset="utf-8"><title>${m.tooManyAttemptsTitle()}</title><p>${message}</p><p><a href="${SIGN_IN_PATH}">${m.backToSignIn()}</a></p>`,
      429,
    );
  }
  return c.json({ error: message }, 429);
}
