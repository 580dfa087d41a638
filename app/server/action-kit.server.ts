import { isAPIError } from "better-auth/api";
import { data, redirect } from "react-router";
import { z } from "zod";
import { ACCOUNT_REFUSED_CODE } from "~/lib/constants";
import { type RateLimitResult, retryAfterOf, tooManyAttemptsMessage } from "./limits/rate-limit.server";
import * as m from "./messages";
import type { Words } from "./words.server";

/**
 * The plumbing every action shares, in one place: reading its form, the one
 * outcome type its server steps answer, carrying the cookies an auth call set
 * onto the answer, and refusing over a limit. A database outage needs nothing
 * here: every action answers it with a 503 (`answerOutagesWith503`).
 */

/** A form field's text (~/lib/fields.ts, where the forms both sides share read it too). */
export { text } from "~/lib/fields";

/**
 * A form post's fields, typed by `fields` (`{ email: text }`): each is read
 * once, as its first value. A body that is not a form (a page's action
 * reached with JSON, or a malformed body) or a field its schema refuses is a
 * `400` the error page shows, never a 500.
 */
export async function readForm<Fields extends z.ZodRawShape>(
  request: Request,
  fields: Fields,
): Promise<z.output<z.ZodObject<Fields>>> {
  const form = await request.formData().catch(() => null);
  if (!form) throw data(m.sendFormAsFormPost(), { status: 400, statusText: "Bad Request" });
  const values = Object.fromEntries(Object.keys(fields).map((name) => [name, form.get(name) ?? undefined]));
  const parsed = z.object(fields).safeParse(values);
  if (!parsed.success) throw data(m.formNotFilledIn(), { status: 400, statusText: "Bad Request" });
  return parsed.data;
}

/** `headers` (new ones by default) setting the cookies an auth call answered with: a session, an OAuth state. */
export function withCookies(cookies: Iterable<string> = [], headers = new Headers()): Headers {
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** A redirect that also sets the cookies an auth call answered with. */
export function redirectWithCookies(url: string, cookies?: Iterable<string>) {
  return redirect(url, { headers: withCookies(cookies) });
}

/** A refusal: its status, what to tell the person, and what the page needs to say it. */
export type Refusal = {
  ok: false;
  status: number;
  message: string;
  /** The first problem of each field, by the field's name. */
  fieldErrors?: Partial<Record<string, string>>;
  /** Refused for want of a fresh sign-in: the page offers "Sign in again". */
  signInAgain?: boolean;
  /** Refused for too many attempts: the seconds to wait (`Retry-After`). */
  retryAfterSeconds?: number;
};

/**
 * What a server step answers an action: done, with what it produced (by
 * default a message to show, and cookies to set when it changed the
 * session; a sign-in's cookies, a provider's URL), or refused.
 */
export type Outcome<Done extends object = { message: string; setCookie?: string[] }> =
  | ({ ok: true } & Done)
  | Refusal;

export const done = (message: string, setCookie?: string[]): Outcome => ({ ok: true, message, setCookie });

export const refused = (status: number, message: string, fieldErrors?: Refusal["fieldErrors"]): Refusal => ({
  ok: false,
  status,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

/** A refusal for too many attempts: `429`, its message, and the wait. */
export const tooMany = (message: string, retryAfterSeconds: number): Refusal => ({
  ok: false,
  status: 429,
  message,
  retryAfterSeconds,
});

/** A limit's verdict as a refusal ("Too many {what}. Try again in 2 minutes."), or null when allowed. */
export const overLimit = (limit: RateLimitResult, what?: Words): Refusal | null =>
  limit.allowed
    ? null
    : tooMany(tooManyAttemptsMessage(limit.retryAfterSeconds, what), limit.retryAfterSeconds);

/**
 * An action's answer to an outcome, with `body` for the page: the outcome's
 * status (200 when done), the cookies a success set, and `Retry-After` on a
 * refusal for too many attempts. Every action answers this way, so a 429
 * always says when to try again.
 */
export function respond<Body>(outcome: Outcome<{ setCookie?: string[] }>, body: Body) {
  const headers = outcome.ok ? withCookies(outcome.setCookie) : new Headers();
  if (!outcome.ok && outcome.retryAfterSeconds) headers.set("Retry-After", String(outcome.retryAfterSeconds));
  return data(body, { status: outcome.ok ? 200 : outcome.status, headers });
}

/**
 * better-auth's refusal to make a session for an account that may not sign
 * in now (`ACCOUNT_REFUSED_CODE`: a suspension), as a `403` with its own
 * message; null for any other error. Every session better-auth makes can
 * meet it, so every call that signs in answers it alike.
 */
export function accountRefusalOf(error: unknown): Refusal | null {
  return isAPIError(error) && error.body?.code === ACCOUNT_REFUSED_CODE ? refused(403, error.message) : null;
}

/**
 * Runs a better-auth call and turns its refusals into answers people read:
 * too many attempts (`429`) says how long to wait, an account that may not
 * sign in its own message (`accountRefusalOf`), known error codes get
 * their own message (`refusals`), any other 4xx `otherwise` (a general
 * message by default). Server errors are left to throw (a 500, or a 503
 * from `answerOutagesWith503`).
 */
export async function attempt(
  work: () => Promise<Outcome>,
  refusals: Record<string, Outcome> = {},
  otherwise?: Outcome,
): Promise<Outcome> {
  try {
    return await work();
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    const retryAfterSeconds = retryAfterOf(error);
    if (retryAfterSeconds !== null) return tooMany(error.message, retryAfterSeconds);
    const accountRefused = accountRefusalOf(error);
    if (accountRefused) return accountRefused;
    const code = error.body?.code;
    if (code && Object.hasOwn(refusals, code)) return refusals[code] as Outcome;
    return otherwise ?? refused(error.statusCode, m.didNotWork());
  }
}
