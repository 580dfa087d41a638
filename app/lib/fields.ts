import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";

/**
 * The rules of the fields people type (zod), with the messages they read:
 * the ground every form and every door into better-auth checks against.
 * Plain zod, so the browser may use them too.
 */

/** A form field's text; a field that is missing, or a file where text belongs, is `undefined`. */
export const text = z.string().optional().catch(undefined);

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

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** A name people give something: trimmed, at most `max` characters, no control characters (line breaks, NUL). */
export function displayName(max: number, missing: string) {
  return z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(max, `Use at most ${max} characters.`)
    .refine((name) => !CONTROL_CHARACTERS.test(name), "Use letters, not control characters.");
}

/** A person's name, as they write it. */
export const personName = displayName(NAME_MAX_LENGTH, "Enter your name.");

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
