import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { attempt, done, type Outcome, type Refusal, refused } from "../action-kit.server";
import { PASSWORD_REQUIRED_CODE } from "../auth/account-deletion.server";
import type { Auth } from "../auth/auth.server";
import { findPasswordWeakness, WEAKNESS_MESSAGES } from "../auth/password-policy.server";
import { endStandingTrust } from "../auth/security-stamp.server";
import { NEEDS_FRESH_SIGN_IN, NOT_FRESH_CODE } from "../session/freshness.server";

/** Renames the signed-in person. */
export async function updateName(auth: Auth, headers: Headers, name: string): Promise<Outcome> {
  return attempt(async () => {
    await auth.api.updateUser({ body: { name }, headers });
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
 * Links mailed before stop working and what the features trusted ends
 * (`endStandingTrust`: a browser trusted to skip a sign-in's second step, say).
 */
export async function changePassword(
  { auth, db }: { auth: Auth; db: Kysely<Database> },
  headers: Headers,
  userId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<Outcome> {
  return attempt(
    async () => {
      const { headers: answer } = await auth.api.changePassword({
        body: { ...input, revokeOtherSessions: true },
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
 * in (its action wants a sign-in from the last few minutes first): the
 * rules of new passwords, the common-password one too (better-auth's `setPassword` has
 * no HTTP door, nor a path its hooks could match; this is its only caller).
 */
export async function setPassword(
  auth: Auth,
  headers: Headers,
  user: { email: string; name: string },
  newPassword: string,
): Promise<Outcome> {
  const { appName } = await auth.$context;
  const weakness = await findPasswordWeakness(newPassword, {
    appName,
    email: user.email,
    name: user.name,
  });
  if (weakness) return WEAK_NEW_PASSWORD[weakness.code] as Refusal;
  return attempt(
    async () => {
      await auth.api.setPassword({ body: { newPassword }, headers });
      return done("Password set. You can now also sign in with your email and password.");
    },
    { PASSWORD_ALREADY_SET: refused(400, "This account already has a password: change it instead.") },
  );
}

/**
 * Deletes the signed-in person's account: with their password when they
 * have one, or a sign-in from the last few minutes when they do not.
 * The database deletes the rest with the user (sessions, accounts,
 * passkeys, activity); the returned cookies clear the session cookie.
 */
export async function deleteAccount(
  auth: Auth,
  headers: Headers,
  password: string | undefined,
): Promise<Outcome> {
  return attempt(
    async () => {
      const { headers: answer } = await auth.api.deleteUser({
        body: password ? { password } : {},
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
