import type { Kysely } from "kysely";
import { z } from "zod";
import { NOT_FRESH_SIGN_IN_CODE, SESSION_FRESH_AGE_SECONDS } from "~/lib/constants";
import type { Database } from "../../../db/schema";
import { attempt, done, type Outcome, type Refusal, refused } from "../action-kit.server";
import { PASSWORD_REQUIRED_CODE } from "../auth/account-deletion.server";
import type { Auth } from "../auth/auth.server";
import { enteredPassword, fieldErrorsOf, newPassword, personName } from "../auth/credentials.server";
import { findPasswordWeakness, WEAKNESS_MESSAGES } from "../auth/password-policy.server";
import { endStandingTrust } from "../auth/security-stamp.server";

const FRESH_MINUTES = Math.round(SESSION_FRESH_AGE_SECONDS / 60);

/** Parses a form's fields; a failure is the outcome to answer with (400, a message per field). */
function parse<T>(schema: z.ZodType<T>, input: unknown): { data: T } | { outcome: Outcome } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  return { outcome: refused(400, "Please check the fields below.", fieldErrorsOf<string>(parsed.error)) };
}

/** Renames the signed-in person. */
export async function updateName(auth: Auth, headers: Headers, input: { name?: unknown }): Promise<Outcome> {
  const parsed = parse(z.object({ name: personName }), input);
  if ("outcome" in parsed) return parsed.outcome;
  return attempt(async () => {
    await auth.api.updateUser({ body: { name: parsed.data.name }, headers });
    return done("Name saved.");
  });
}

const WRONG_PASSWORD = refused(400, "That is not your current password.", {
  currentPassword: "That is not your current password.",
});

/** The common-password rule's refusals, by better-auth's code, on the new password's field. */
const WEAK_NEW_PASSWORD: Record<string, Refusal> = Object.fromEntries(
  Object.entries(WEAKNESS_MESSAGES).map(([code, message]) => [
    code,
    refused(400, message, { newPassword: message }),
  ]),
);

/**
 * Changes the password, given the current one, and signs out every other
 * session (better-auth replaces this one too: the new cookie is returned).
 * Links mailed before stop working and no browser stays trusted to skip
 * two-step sign-in's code (`endStandingTrust`).
 */
export async function changePassword(
  { auth, db }: { auth: Auth; db: Kysely<Database> },
  headers: Headers,
  userId: string,
  input: { currentPassword?: unknown; newPassword?: unknown },
): Promise<Outcome> {
  const parsed = parse(z.object({ currentPassword: enteredPassword, newPassword }), input);
  if ("outcome" in parsed) return parsed.outcome;
  return attempt(
    async () => {
      const { headers: answer } = await auth.api.changePassword({
        body: { ...parsed.data, revokeOtherSessions: true },
        headers,
        returnHeaders: true,
      });
      await endStandingTrust(db, userId);
      return done("Password changed. Your other sessions were signed out.", answer.getSetCookie());
    },
    {
      ...WEAK_NEW_PASSWORD,
      INVALID_PASSWORD: WRONG_PASSWORD,
      CREDENTIAL_ACCOUNT_NOT_FOUND: refused(400, "This account has no password yet: set one instead."),
      [NOT_FRESH_CODE]: NEEDS_FRESH_SIGN_IN,
    },
  );
}

/**
 * Gives an account without a password one, so email + password also signs
 * in: a sign-in from the last few minutes first, then the rules of new
 * passwords, the common-password one too (better-auth's `setPassword` has
 * no HTTP door, nor a path its hooks could match; this is its only caller).
 */
export async function setPassword(
  auth: Auth,
  headers: Headers,
  { session, user }: { session: { createdAt: Date }; user: { email: string; name: string } },
  input: { newPassword?: unknown },
): Promise<Outcome> {
  if (!isFreshSignIn(session)) return NEEDS_FRESH_SIGN_IN;
  const parsed = parse(z.object({ newPassword }), input);
  if ("outcome" in parsed) return parsed.outcome;
  const { appName } = await auth.$context;
  const weakness = await findPasswordWeakness(parsed.data.newPassword, {
    appName,
    email: user.email,
    name: user.name,
  });
  if (weakness) return WEAK_NEW_PASSWORD[weakness.code] as Refusal;
  return attempt(
    async () => {
      await auth.api.setPassword({ body: { newPassword: parsed.data.newPassword }, headers });
      return done("Password set. You can now also sign in with your email and password.");
    },
    { PASSWORD_ALREADY_SET: refused(400, "This account already has a password: change it instead.") },
  );
}

/** Whether the session was signed in within `SESSION_FRESH_AGE_SECONDS` (better-auth's `freshAge`). */
export function isFreshSignIn(session: { createdAt: Date }): boolean {
  return Date.now() - session.createdAt.getTime() <= SESSION_FRESH_AGE_SECONDS * 1000;
}

/** The code better-auth answers a change with when the session was signed in too long ago (`freshSignInToAddAWayIn`). */
export const NOT_FRESH_CODE = NOT_FRESH_SIGN_IN_CODE;

/** The refusal of a change that needs a sign-in from the last few minutes. */
export const NEEDS_FRESH_SIGN_IN: Refusal = {
  ok: false,
  status: 403,
  message: `For your safety, this needs a sign-in from the last ${FRESH_MINUTES} minutes. Sign in again, then try once more.`,
  signInAgain: true,
};

/**
 * Deletes the signed-in person's account: with their password when they
 * have one, or a sign-in from the last few minutes when they do not.
 * The database deletes the rest with the user (sessions, accounts,
 * passkeys, activity); the returned cookies clear the session cookie.
 */
export async function deleteAccount(
  auth: Auth,
  headers: Headers,
  input: { password?: unknown },
): Promise<Outcome> {
  const parsed = parse(z.object({ password: enteredPassword.optional() }), {
    password: input.password || undefined,
  });
  if ("outcome" in parsed) return parsed.outcome;
  return attempt(
    async () => {
      const { headers: answer } = await auth.api.deleteUser({
        body: parsed.data.password ? { password: parsed.data.password } : {},
        headers,
        returnHeaders: true,
      });
      return done("Your account was deleted.", answer.getSetCookie());
    },
    {
      INVALID_PASSWORD: refused(400, "That password is not right.", {
        password: "That password is not right.",
      }),
      [PASSWORD_REQUIRED_CODE]: refused(400, "Enter your password to delete your account.", {
        password: "Enter your password.",
      }),
      SESSION_EXPIRED: NEEDS_FRESH_SIGN_IN,
    },
  );
}
