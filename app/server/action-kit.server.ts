import { data, redirect } from "react-router";
import { z } from "zod";

/**
 * The plumbing every action shares, in one place: reading its form, carrying
 * the cookies an auth call set onto the answer, and refusing over a limit.
 * A database outage needs nothing here: every action answers it with a 503
 * (`answerOutagesWith503`).
 */

/** A form field's text; a field that is missing, or a file where text belongs, is `undefined`. */
export const text = z.string().optional().catch(undefined);

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
  if (!form) throw data("Send the form as a form post.", { status: 400, statusText: "Bad Request" });
  const values = Object.fromEntries(Object.keys(fields).map((name) => [name, form.get(name) ?? undefined]));
  const parsed = z.object(fields).safeParse(values);
  if (!parsed.success)
    throw data("This form is not filled in right.", { status: 400, statusText: "Bad Request" });
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

/** A page's answer to a request refused over a limit: `429`, with `Retry-After` saying when to try again. */
export function tooManyRequests<Body>(body: Body, retryAfterSeconds: number) {
  return data(body, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}
