import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { attempt, done, type Outcome, type Refusal, refused } from "../action-kit.server";
import { PASSWORD_REQUIRED_CODE } from "../auth/account-deletion.server";
import type { Auth } from "../auth/auth.server";
import { findPasswordWeakness, WEAKNESS_MESSAGES } from "../auth/password-policy.server";
import { endStandingTrust } from "../auth/security-stamp.server";
import * as m from "../messages";
import { NEEDS_FRESH_SIGN_IN, NOT_FRESH_CODE } from "../session/freshness.server";

/** Renames the signed-in person. */
export async function updateName(auth: Auth, headers: Headers, name: string): Promise<Outcome> {
  return attempt(async () => {
    await auth.api.updateUser({ body: { name }, headers });
    return done(m.nameSaved());
  });
}

const wrongCurrentPassword = () =>
  refused(400, m.wrongCurrentPassword(), { currentPassword: m.wrongCurrentPassword() });

/** The common-password rule's refusals, by better-auth's code, on the new password's field. */
const weakNewPassword = (): Record<string, Refusal> =>
  Object.fromEntries(
    Object.entries(WEAKNESS_MESSAGES).map(([code, message]) => [
      code,
      refused(400, message(), { newPassword: message() }),
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
      return done(m.passwordChanged(), answer.getSetCookie());
    },
    {
      ...weakNewPassword(),
      INVALID_PASSWORD: wrongCurrentPassword(),
      CREDENTIAL_ACCOUNT_NOT_FOUND: refused(400, m.noPasswordYet()),
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
  if (weakness) return weakNewPassword()[weakness.code] as Refusal;
  return attempt(
    async () => {
      await auth.api.setPassword({ body: { newPassword }, headers });
      return done(m.passwordSet());
    },
    { PASSWORD_ALREADY_SET: refused(400, m.passwordAlreadySet()) },
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
      return done(m.accountDeleted(), answer.getSetCookie());
    },
    {
      INVALID_PASSWORD: refused(400, m.wrongPassword(), { password: m.wrongPassword() }),
      [PASSWORD_REQUIRED_CODE]: refused(400, m.passwordToDelete(), { password: m.enterPassword() }),
      SESSION_EXPIRED: NEEDS_FRESH_SIGN_IN,
    },
  );
}
