import { isAPIError } from "better-auth/api";
import { newPassword as newPasswordRule } from "~/lib/fields";
import { type RemovedWaysIn, removedAnything } from "~/lib/removed-ways-in";
import type { AppServices } from "../context.server";
import { signInRefusal, signInStep } from "../feature-hooks.server";
import { forgetPasswordFailures } from "../limits/password-attempts.server";
import { retryAfterOf } from "../limits/rate-limit.server";
import { passwordSignIn } from "./credentials.server";
import { WEAKNESS_MESSAGES } from "./password-policy.server";
import { endStandingTrust } from "./security-stamp.server";

/**
 * Where the browser goes after a reset: signed in (`dashboard`), to a
 * sign-in's second step (`step`: two-step sign-in's code, say), or, when
 * the account's failure budget is spent (wrong codes), to sign in later
 * with the new password (`sign-in`).
 */
export type AfterReset = "dashboard" | "step" | "sign-in";

export type ResetOutcome =
  | { ok: true; setCookie: string[]; onward: AfterReset; removed: RemovedWaysIn | null }
  | { ok: false; expired: boolean; fieldError?: string; refusal?: string };

const expired: ResetOutcome = { ok: false, expired: true };

/**
 * Why the account a reset link is for may not sign in now (a feature's
 * `signInRefusal`: a suspension), or null. Its page says so when opened,
 * and its post changes nothing: a new password would sign nobody in, and
 * would end trust and ways in the suspension keeps for later.
 */
export async function resetLinkRefusal(
  { db, mail }: Pick<AppServices, "db" | "mail">,
  token: unknown,
): Promise<string | null> {
  const userId = await mail.peek("reset-password", token);
  return userId ? signInRefusal(db, userId) : null;
}

/**
 * The end of a password reset. better-auth checks the token, sets the
 * password (scrypt), uses the token up and deletes every session of the
 * account in one transaction (`revokeSessionsOnPasswordReset`); it signs
 * nobody in. The first proof of the mailbox also removes the other ways in
 * (`proveMailbox`). So this then signs the browser in exactly as the sign-in form
 * does, with the new password: a new session id, the activity log, and
 * the new-device notice when this browser is new to the account (or, when
 * the account has a second step, that step). Wrong passwords counted
 * against the account before are forgotten: following the link proved who
 * this is (unless the account has a second step, whose wrong codes count
 * in the same budget).
 */
export async function resetPasswordAndSignIn(
  { auth, db, mail, rateLimits }: Pick<AppServices, "auth" | "db" | "mail" | "rateLimits">,
  requestHeaders: Headers,
  input: { token: unknown; newPassword: unknown },
): Promise<ResetOutcome> {
  const userId = await mail.peek("reset-password", input.token);
  if (!userId || typeof input.token !== "string") return expired;
  // Refused before anything changes: the link stays unused for when the account may sign in again.
  const refusal = await signInRefusal(db, userId);
  if (refusal) return { ok: false, expired: false, refusal };
  const parsed = newPasswordRule.safeParse(input.newPassword);
  if (!parsed.success) {
    return { ok: false, expired: false, fieldError: parsed.error.issues[0]?.message };
  }
  try {
    await auth.api.resetPassword({ body: { token: input.token, newPassword: parsed.data } });
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    // Too common, or built from the person's names (the field rules, inside better-auth): the link still works.
    const code = error.body?.code;
    if (code && Object.hasOwn(WEAKNESS_MESSAGES, code)) {
      return { ok: false, expired: false, fieldError: error.message };
    }
    // Used by a click racing this one, or expired a moment ago.
    return expired;
  }
  // What was trusted before the reset ends: mailed email-change links, and what the features trusted.
  await endStandingTrust(db, userId);
  // Following the mailed link proved the person reads this mailbox: the first time, other ways in go.
  const proof = await mail.proveMailbox(userId);
  const user = await mail.store().findUserById(userId);
  if (!user) return expired;
  // Someone locked out by wrong passwords gets back in by resetting it. Not
  // with a second step: the budget also counts its wrong codes, and the
  // mailbox alone must not buy more guesses at them.
  if (!(await signInStep()?.requiredFor(db, user.id))) {
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
      onward: signIn.secondStep ? "step" : "dashboard",
      removed,
    };
  } catch (error) {
    // The password is set; only signing in waits out the budget that wrong codes spent.
    if (retryAfterOf(error) === null) throw error;
    return { ok: true, setCookie: [], onward: "sign-in", removed };
  }
}
