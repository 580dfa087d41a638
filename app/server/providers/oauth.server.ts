import { isAPIError } from "better-auth/api";
import { AUTH_RESULT_PATH, REDIRECT_PARAM } from "~/lib/constants";
import { safeRedirect, signInPathFor } from "~/lib/redirect";
import type { SignInDisplay, SignInProvider } from "~/lib/sign-in-providers";
import { type Outcome, refused } from "../action-kit.server";
import type { Auth } from "../auth/auth.server";

type StartOptions = {
  provider: SignInProvider;
  /** Where to go once signed in (checked with `safeRedirect`). */
  redirectTo: string | undefined;
  display: SignInDisplay;
  headers: Headers;
};

/**
 * Starts a provider's sign-in: better-auth stores the `state` (with the PKCE
 * verifier and nonce) and answers the provider's authorization URL plus the
 * cookie that binds the state to this browser. In the popup, the provider
 * comes back to `/auth/result`, which closes it; as a full page, straight to
 * the redirect target, and failures to `/login` to try again.
 */
export async function startOAuthSignIn(
  auth: Auth,
  { provider, redirectTo, display, headers }: StartOptions,
): Promise<Outcome<{ url: string; setCookie: string[] }>> {
  const target = safeRedirect(redirectTo);
  const resultPage = `${AUTH_RESULT_PATH}?${new URLSearchParams({ [REDIRECT_PARAM]: target })}`;
  try {
    const { response, headers: answer } = await auth.api.signInSocial({
      body: {
        provider: provider.id,
        callbackURL: display === "popup" ? resultPage : target,
        errorCallbackURL: display === "popup" ? resultPage : signInPathFor(target),
        disableRedirect: true,
      },
      headers,
      returnHeaders: true,
    });
    if (!response.url) throw new Error(`better-auth gave no authorization URL for ${provider.id}`);
    return { ok: true, url: response.url, setCookie: answer.getSetCookie() };
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 503) return refused(503, error.message);
    throw error;
  }
}
