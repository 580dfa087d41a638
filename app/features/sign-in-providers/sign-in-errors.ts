import { ACCOUNT_REFUSED_CODE, ACCOUNT_REFUSED_MESSAGE } from "~/lib/constants";

const STALE_ATTEMPT =
  "This sign-in attempt is no longer valid: it expired, was already used, or was started in another browser. Please start again.";
const NOT_VERIFIED = "We could not verify your sign-in with the provider. Please try again.";

/**
 * What people read for the error codes an OAuth callback comes back with
 * (better-auth's `?error=` codes, the provider's own, and ours). Only known
 * codes are explained: the provider's free-text description is never shown,
 * since anyone can put text in a link.
 */
const MESSAGES: Record<string, string> = {
  state_mismatch: STALE_ATTEMPT,
  state_not_found: STALE_ATTEMPT,
  state_invalid: STALE_ATTEMPT,
  state_security_mismatch: STALE_ATTEMPT,
  invalid_callback_request: STALE_ATTEMPT,
  no_code: STALE_ATTEMPT,
  access_denied:
    "Sign-in was cancelled at the provider. You can try again, or choose another way to sign in.",
  // Also the answer when the provider has not verified the address (providers/identity.server.ts): the same words either way.
  account_not_linked:
    "This provider cannot sign you in with that email address. A provider creates an account only for an address it has verified, and joins an existing account only when both have verified it. Create an account with your email, or sign in the way you did before.",
  email_not_found: "The provider did not share an email address, which this app needs for your account.",
  email_not_verified: "The provider has not verified your email address. Verify it there, then try again.",
  unable_to_get_user_info: NOT_VERIFIED,
  invalid_code: NOT_VERIFIED,
  issuer_mismatch: NOT_VERIFIED,
  nonce_binding_missing: NOT_VERIFIED,
  provider_unavailable: "The sign-in provider cannot be reached right now. Try again in a moment.",
  oauth_provider_not_found: "This way of signing in is not available.",
  // The provider's answer was right, but the account may not sign in now (a suspension): better-auth refused its session.
  [ACCOUNT_REFUSED_CODE]: ACCOUNT_REFUSED_MESSAGE,
};

/** The message for an OAuth error code; unknown codes get a general one. */
export function signInErrorMessage(code: string): string {
  return Object.hasOwn(MESSAGES, code)
    ? (MESSAGES[code] as string)
    : "Sign-in did not complete. Please try again.";
}
