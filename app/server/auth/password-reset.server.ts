import { isAPIError } from "better-auth/api";
import { type RemovedWaysIn, removedAnything } from "~/lib/removed-ways-in";
import type { AppServices } from "../context.server";
import { forgetPasswordFailures } from "../limits/password-attempts.server";
import { retryAfterOf } from "../limits/rate-limit.server";
import { newPassword as newPasswordRule, passwordSignIn } from "./credentials.server";

/**
 * Where the browser goes after a reset: signed in (`dashboard`), to two-step
 * sign-in's code (`code`), or, when the account's failure budget is spent
 * (wrong codes), to sign in later with the new password (`sign-in`).
 */
export type AfterReset = "dashboard" | "code" | "sign-in";

export type ResetOutcome =
  | { ok: true; setCookie: string[]; onward: AfterReset; removed: RemovedWaysIn | null }
  | { ok: false; expired: boolean; fieldError?: string };

const expired: ResetOutcome = { ok: false, expired: true };

/**
 * The end of a password reset. better-auth checks the token, sets the
 * password (scrypt), uses the token up and deletes every session of the
 * account in one transaction (`revokeSessionsOnPasswordReset`); it signs
 * nobody in. The first proof of the mailbox also removes the other ways in
 * (`proveMailbox`). So this then signs the browser in exactly as the sign-in form
 * does, with the new password: a new session id, the activity log, and
 * the new-device notice when this browser is new to the account (or, when
 * the account has two-step sign-in, the step that asks for its code). Wrong
 * passwords counted against the account before are forgotten: following
 * the link proved who this is (unless the account has two-step sign-in,
 * whose wrong codes count in the same budget).
 */
export async function resetPasswordAndSignIn(
  { auth, mail, rateLimits }: Pick<AppServices, "auth" | "mail" | "rateLimits">,
  requestHeaders: Headers,
  input: { token: unknown; newPassword: unknown },
): Promise<ResetOutcome> {
  const userId = await mail.peek("reset-password", input.token);
  if (!userId || typeof input.token !== "string") return expired;
  const parsed = newPasswordRule.safeParse(input.newPassword);
  if (!parsed.success) {
    return { ok: false, expired: false, fieldError: parsed.error.issues[0]?.message };
  }
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: parsed.data } });
  } catch (error) {
    // Used by a click racing this one, or expired a moment ago.
    if (isAPIError(error) && error.statusCode < 500) return expired;
    throw error;
  }
  // Following the mailed link proved the person reads this mailbox: the first time, other ways in go.
  const proof = await mail.proveMailbox(userId);
  const user = await mail.store().findUserById(userId);
  if (!user) return expired;
  // Someone locked out by wrong passwords gets back in by resetting it. Not
  // with two-step sign-in: the budget also counts wrong codes, and the
  // mailbox alone must not buy more guesses at them.
  if (!(user as { twoFactorEnabled?: unknown }).twoFactorEnabled) {
    await forgetPasswordFailures(await auth.$context, rateLimits.passwords, requestHeaders, {
      email: user.email,
      userId: user.id,
    });
  }
  const removed = proof && removedAnything(proof) ? proof : null;
  try {
    const signIn = await passwordSignIn(auth, { email: user.email, password: parsed.data }, requestHeaders);
    return {
      ok: true,
      setCookie: signIn.setCookie,
      onward: signIn.secondStep ? "code" : "dashboard",
      removed,
    };
  } catch (error) {
    // The password is set; only signing in waits out the budget that wrong codes spent.
    if (retryAfterOf(error) === null) throw error;
    return { ok: true, setCookie: [], onward: "sign-in", removed };
  }
}
