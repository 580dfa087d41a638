import { ACCOUNT_REFUSED_CODE, ACCOUNT_REFUSED_MESSAGE } from "~/lib/constants";
import * as m from "./messages";

const STALE_ATTEMPT = m.staleAttempt;
const NOT_VERIFIED = m.notVerified;

/**
 * What people read for the error codes an OAuth callback comes back with
 * (better-auth's `?error=` codes, the provider's own, and ours). Only known
 * codes are explained: the provider's free-text description is never shown,
 * since anyone can put text in a link.
 */
const MESSAGES: Record<string, () => string> = {
  state_mismatch: STALE_ATTEMPT,
  state_not_found: STALE_ATTEMPT,
  state_invalid: STALE_ATTEMPT,
  state_security_mismatch: STALE_ATTEMPT,
  invalid_callback_request: STALE_ATTEMPT,
  no_code: STALE_ATTEMPT,
  access_denied: m.accessDenied,
  // Also the answer when the provider has not verified the address (providers/identity.server.ts): the same words either way.
  account_not_linked: m.accountNotLinked,
  email_not_found: m.emailNotFound,
  email_not_verified: m.emailNotVerified,
  unable_to_get_user_info: NOT_VERIFIED,
  invalid_code: NOT_VERIFIED,
  issuer_mismatch: NOT_VERIFIED,
  nonce_binding_missing: NOT_VERIFIED,
  provider_unavailable: m.providerUnavailable,
  oauth_provider_not_found: m.wayNotAvailable,
  // The provider's answer was right, but the account may not sign in now (a suspension): better-auth refused its session.
  // Its words are the core's (~/lib/constants).
  [ACCOUNT_REFUSED_CODE]: () => ACCOUNT_REFUSED_MESSAGE,
};

/** The message for an OAuth error code, in the request's language; unknown codes get a general one. */
export function signInErrorMessage(code: string): string {
  const message = Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined;
  return message ? message() : m.signInIncomplete();
}
