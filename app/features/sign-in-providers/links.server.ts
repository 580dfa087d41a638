import { isAPIError } from "better-auth/api";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { type Outcome, refused } from "~/server/action-kit.server";
import type { Auth } from "~/server/auth/auth.server";
import { NEEDS_FRESH_SIGN_IN, NOT_FRESH_CODE } from "~/server/session/freshness.server";
import * as m from "./messages";
import type { OAuthProviderId, SignInProvider } from "./providers";
import { signInErrorMessage } from "./sign-in-errors";

/** Where the provider sends the person back: the dashboard, saying which provider was joined. */
const linkedPath = (provider: OAuthProviderId) => `${DEFAULT_SIGNED_IN_PATH}?linked=${provider}`;

/**
 * Starts joining a provider account to the signed-in person's (better-auth's
 * `linkSocial`): the provider's authorization URL, and the cookie that binds
 * the flow's state to this browser. The provider must vouch for the same,
 * verified email address. Failures come back as `/dashboard?error={code}`.
 */
export async function startLinking(
  auth: Auth,
  headers: Headers,
  provider: SignInProvider,
): Promise<Outcome<{ url: string; setCookie: string[] }>> {
  try {
    const { response, headers: answer } = await auth.api.linkSocialAccount({
      body: {
        provider: provider.id,
        callbackURL: linkedPath(provider.id),
        errorCallbackURL: DEFAULT_SIGNED_IN_PATH,
        disableRedirect: true,
      },
      headers,
      returnHeaders: true,
    });
    return { ok: true, url: response.url, setCookie: answer.getSetCookie() };
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 503) return refused(503, error.message);
    if (isAPIError(error) && error.body?.code === NOT_FRESH_CODE) return NEEDS_FRESH_SIGN_IN;
    throw error;
  }
}

/** Message functions, called in the request's language. */
const LINK_MESSAGES: Record<string, () => string> = {
  email_does_not_match: m.linkEmailDoesNotMatch,
  account_already_linked_to_different_user: m.linkAlreadyLinkedElsewhere,
  unable_to_link_account: m.linkUnableToLink,
};

/** What went wrong when a provider sent someone back to the dashboard with `?error=`. */
export function linkErrorMessage(code: string): string {
  const message = Object.hasOwn(LINK_MESSAGES, code) ? LINK_MESSAGES[code] : undefined;
  return message ? message() : signInErrorMessage(code);
}
