import { isAPIError } from "better-auth/api";
import { z } from "zod";
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSKEY_NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "~/lib/constants";
import { type Outcome, overLimit, type Refusal, refused, tooMany } from "../action-kit.server";
import type { AppServices } from "../context.server";
import { retryAfterOf, tooManyAttemptsMessage } from "../limits/rate-limit.server";
import type { Auth } from "./auth.server";
import { findPasswordWeakness } from "./password-policy.server";
import { requestSignUp } from "./sign-up.server";

/** An email address as people type it: trimmed and lower-cased. */
export const emailAddress = z
  .string({ error: "Enter your email address." })
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address.")
  .max(EMAIL_MAX_LENGTH, "That email address is too long.")
  .pipe(z.email("Enter a valid email address."));

/** A new password: long enough to resist guessing, short enough to hash cheaply. */
export const newPassword = z
  .string({ error: "Choose a password." })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/**
 * A password someone types to prove who they are: only what can never be
 * a password is refused here, so every other mistake reads as a wrong one.
 */
export const enteredPassword = z
  .string({ error: "Enter your password." })
  .min(1, "Enter your password.")
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

const signInSchema = z.object({ email: emailAddress, password: enteredPassword });

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A name people give something: trimmed, at most `max` characters, no control characters (line breaks, NUL). */
function displayName(max: number, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Use at most ${max} characters.`)
    .refine((name) => !CONTROL_CHARACTERS.test(name), "Use letters, not control characters.");
}

/** A person's name, as they write it. */
export const personName = displayName(NAME_MAX_LENGTH, "Enter your name.");

/** A passkey's name ("Work laptop"). */
export const passkeyName = displayName(PASSKEY_NAME_MAX_LENGTH, "Give the passkey a name.");

export const signUpSchema = z.object({
  name: personName,
  email: emailAddress,
  password: newPassword,
});

export type FieldErrors = Partial<Record<"name" | "email" | "password", string>>;

/** The first message per field of a failed parse. */
export function fieldErrorsOf<Field extends string = keyof FieldErrors>(
  error: z.ZodError,
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0]) as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** A refusal for too many attempts (better-auth's `429`), with its wait; null for anything else. */
function tooManyAttempts(error: unknown): Refusal | null {
  const retryAfterSeconds = retryAfterOf(error);
  if (retryAfterSeconds === null) return null;
  return tooMany((error as Error).message, retryAfterSeconds);
}

function invalidInput(error: z.ZodError): Refusal {
  return refused(400, "Please check the fields below.", fieldErrorsOf(error));
}

const INVALID_CREDENTIALS = "Invalid email or password.";

/** A right password: the session's cookie, or (`secondStep`) the cookie of a sign-in that waits for its code. */
export type PasswordSignIn = { setCookie: string[]; secondStep: boolean };

/** better-auth's password sign-in, as the app calls it: the cookies to set, and whether a code comes next. */
export async function passwordSignIn(
  auth: Auth,
  body: { email: string; password: string },
  requestHeaders: Headers,
): Promise<PasswordSignIn> {
  const { headers, response } = await auth.api.signInEmail({
    body: { ...body, rememberMe: true },
    headers: requestHeaders,
    returnHeaders: true,
  });
  return { setCookie: headers.getSetCookie(), secondStep: "twoFactorRedirect" in response };
}

/**
 * Signs in with email and password. An unknown email and a wrong password
 * give the same answer (better-auth also hashes for unknown emails, so they
 * take the same time). The new session's cookie comes back to set, or,
 * for an account with two-step sign-in, the cookie of the step that asks
 * for the code.
 */
export async function signInWithPassword(
  auth: Auth,
  raw: Record<string, unknown>,
  requestHeaders: Headers,
): Promise<Outcome<PasswordSignIn>> {
  const parsed = signInSchema.safeParse(raw);
  if (!parsed.success) return invalidInput(parsed.error);
  try {
    return { ok: true, ...(await passwordSignIn(auth, parsed.data, requestHeaders)) };
  } catch (error) {
    const limited = tooManyAttempts(error);
    if (limited) return limited;
    if (isAPIError(error) && error.statusCode < 500) {
      return refused(401, INVALID_CREDENTIALS);
    }
    throw error;
  }
}

/**
 * "Create account", email first: checks the fields (the password against
 * common ones and the person's and the app's names too) and the per-address
 * limit, then `requestSignUp` stores the request and mails the code (or,
 * for a taken address, a notice to its owner). Nothing is created yet, and
 * the answer does not tell whether the address has an account. `redirectTo`
 * is where the new account lands once the code comes back; `requesterHash`
 * names the browser that asked (sign-up-browser.server.ts).
 */
export async function startSignUp(
  { auth, mail, rateLimits }: Pick<AppServices, "auth" | "mail" | "rateLimits">,
  raw: Record<string, unknown>,
  { redirectTo, requesterHash }: { redirectTo: string; requesterHash: string },
): Promise<Outcome<{ id: string }>> {
  const parsed = signUpSchema.safeParse(raw);
  if (!parsed.success) return invalidInput(parsed.error);
  const { secret, appName } = await auth.$context;
  const { name, email, password } = parsed.data;
  const weakness = await findPasswordWeakness(password, { appName, email, name });
  if (weakness) return refused(400, "Please check the fields below.", { password: weakness.message });
  const refusal = overLimit(await rateLimits.address("sign-up", email), "sign-up attempts");
  if (refusal) return refusal;
  const requested = await requestSignUp({ mail, secret }, { ...parsed.data, redirectTo, requesterHash });
  if ("id" in requested) return { ok: true, id: requested.id };
  return tooMany(
    tooManyAttemptsMessage(requested.retryAfterSeconds, "wrong codes"),
    requested.retryAfterSeconds,
  );
}
