import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { emailAddress, enteredPassword, fieldErrorsOf, signUpSchema } from "~/lib/fields";
import {
  accountRefusalOf,
  type Outcome,
  overLimit,
  type Refusal,
  refused,
  tooMany,
} from "../action-kit.server";
import type { AppServices } from "../context.server";
import { signInStep } from "../feature-hooks.server";
import { retryAfterOf, tooManyAttemptsMessage } from "../limits/rate-limit.server";
import * as m from "../messages";
import type { Auth } from "./auth.server";
import { findPasswordWeakness } from "./password-policy.server";
import { requestSignUp } from "./sign-up.server";
import { signUpCodeLimits } from "./sign-up-code-limits.server";

/** A refusal for too many attempts (better-auth's `429`), with its wait; null for anything else. */
function tooManyAttempts(error: unknown): Refusal | null {
  const retryAfterSeconds = retryAfterOf(error);
  if (retryAfterSeconds === null) return null;
  return tooMany((error as Error).message, retryAfterSeconds);
}

function invalidInput(error: z.ZodError): Refusal {
  return refused(400, m.checkFieldsBelow(), fieldErrorsOf(error));
}

const signInSchema = z.object({ email: emailAddress, password: enteredPassword });

/** A right password: the session's cookie, or (`secondStep`) the cookie of a sign-in that waits for its second step. */
export type PasswordSignIn = { setCookie: string[]; secondStep: boolean };

/** better-auth's password sign-in, as the app calls it: the cookies to set, and whether a second step comes next. */
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
  return { setCookie: headers.getSetCookie(), secondStep: signInStep()?.pausedBy(response) ?? false };
}

/**
 * Signs in with email and password. An unknown email and a wrong password
 * give the same answer (better-auth also hashes for unknown emails, so they
 * take the same time). An account that may not sign in now says so
 * (`accountRefusalOf`, a `403`): better-auth refuses its session only once
 * the password was right, so this tells nothing to someone who guesses.
 * The new session's cookie comes back to set, or, for an account with a
 * second step (`AuthExtensions.signInStep`), the cookie of the sign-in that
 * waits for it.
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
    const accountRefused = accountRefusalOf(error);
    if (accountRefused) return accountRefused;
    if (isAPIError(error) && error.statusCode < 500) {
      return refused(401, m.invalidCredentials());
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
 * names the browser that asked (sign-up-browser.server.ts), `ip` the client
 * (no new request while it, or the address, waits out a back-off for wrong
 * codes: sign-up-code-limits.server.ts).
 */
export async function startSignUp(
  { auth, mail, rateLimits }: Pick<AppServices, "auth" | "mail" | "rateLimits">,
  raw: Record<string, unknown>,
  { redirectTo, requesterHash, ip }: { redirectTo: string; requesterHash: string; ip: string },
): Promise<Outcome<{ id: string }>> {
  const parsed = signUpSchema.safeParse(raw);
  if (!parsed.success) return invalidInput(parsed.error);
  const { secret, appName } = await auth.$context;
  const { name, email, password } = parsed.data;
  const weakness = await findPasswordWeakness(password, { appName, email, name });
  if (weakness) return refused(400, m.checkFieldsBelow(), { password: weakness.message });
  // No new tries for a client or an address waiting out its back-off for wrong codes.
  const codes = overLimit(await signUpCodeLimits(rateLimits).mayAsk({ ip, email }), m.attemptsWrongCodes);
  if (codes) return codes;
  const refusal = overLimit(await rateLimits.address("sign-up", email), m.attemptsSignUp);
  if (refusal) return refusal;
  const requested = await requestSignUp({ mail, secret }, { ...parsed.data, redirectTo, requesterHash });
  if ("id" in requested) return { ok: true, id: requested.id };
  return tooMany(
    tooManyAttemptsMessage(requested.retryAfterSeconds, m.attemptsWrongCodes),
    requested.retryAfterSeconds,
  );
}
