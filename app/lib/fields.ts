import { z } from "zod";
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants";
import * as m from "./messages";

/**
 * The rules of the fields people type (zod), with the messages they read:
 * the ground every form and every door into better-auth checks against.
 * Plain zod, so the browser may use them too. Each message is a function
 * zod calls when a parse fails, so it speaks the language of that moment
 * (the request's, the page's), not the one the module was loaded in.
 */

/** A message, or the function that words it when it is read (a feature's `m.someKey`). */
export type Wording = string | (() => string);

/** A `Wording`'s words, now. */
export const worded = (wording: Wording): string => (typeof wording === "function" ? wording() : wording);

/** zod's option for a message worded at parse time. */
const says = (wording: Wording) => ({ error: () => worded(wording) });

/** What a text field says of a text over its length. */
export const tooLongMessage = (max: number): string => m.tooLong({ max });

/** A form field's text; a field that is missing, or a file where text belongs, is `undefined`. */
export const text = z.string().optional().catch(undefined);

/** An email address as people type it: trimmed and lower-cased. */
export const emailAddress = z
  .string(says(m.emailMissing))
  .trim()
  .toLowerCase()
  .min(1, says(m.emailMissing))
  .max(EMAIL_MAX_LENGTH, says(m.emailTooLong))
  .pipe(z.email(says(m.emailInvalid)));

/** A new password: long enough to resist guessing, short enough to hash cheaply. */
export const newPassword = z
  .string(says(m.passwordMissing))
  .min(
    PASSWORD_MIN_LENGTH,
    says(() => m.passwordTooShort({ min: PASSWORD_MIN_LENGTH })),
  )
  .max(
    PASSWORD_MAX_LENGTH,
    says(() => tooLongMessage(PASSWORD_MAX_LENGTH)),
  );

/**
 * A password someone types to prove who they are: only what can never be
 * a password is refused here, so every other mistake reads as a wrong one.
 */
export const enteredPassword = z
  .string(says(m.passwordNotEntered))
  .min(1, says(m.passwordNotEntered))
  .max(
    PASSWORD_MAX_LENGTH,
    says(() => tooLongMessage(PASSWORD_MAX_LENGTH)),
  );

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A name people give something: trimmed, at most `max` characters, no
 * control characters (line breaks, NUL). `missing` is what an empty one
 * reads: a message function (`m.nameYourThing`), worded at parse time.
 */
export function displayName(max: number, missing: Wording) {
  return z
    .string(says(missing))
    .trim()
    .min(1, says(missing))
    .max(
      max,
      says(() => tooLongMessage(max)),
    )
    .refine((name) => !CONTROL_CHARACTERS.test(name), says(m.nameControlCharacters));
}

/** A person's name, as they write it. */
export const personName = displayName(NAME_MAX_LENGTH, m.nameMissing);

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
