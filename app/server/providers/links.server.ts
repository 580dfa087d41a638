import { isAPIError } from "better-auth/api";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import type { ProviderLink } from "~/lib/dashboard";
import { signInErrorMessage } from "~/lib/sign-in-errors";
import type { OAuthProviderId, SignInProvider } from "~/lib/sign-in-providers";
import { type Outcome, refused } from "../action-kit.server";
import type { Auth } from "../auth/auth.server";
import { NEEDS_FRESH_SIGN_IN, NOT_FRESH_CODE } from "../session/freshness.server";

/**
 * The configured providers, each marked linked or not, then any account
 * at a provider the app no longer offers (it can still be unlinked). A link
 * made before the account's address last changed (`emailChangedAt`)
 * vouched for the previous address, and is marked so.
 */
export function providerLinks(
  offered: readonly SignInProvider[],
  accounts: readonly { providerId: string; createdAt: Date }[],
  emailChangedAt: Date | null = null,
): ProviderLink[] {
  const changedAt = emailChangedAt?.getTime() ?? null;
  const linkOf = (id: string) => {
    const account = accounts.find((candidate) => candidate.providerId === id);
    if (!account) return { linkedAt: null, linkedUnderPreviousEmail: false };
    const at = account.createdAt;
    return {
      linkedAt: at.toISOString(),
      linkedUnderPreviousEmail: changedAt !== null && at.getTime() < changedAt,
    };
  };
  const offeredIds = new Set<string>(offered.map((provider) => provider.id));
  const leftovers = accounts
    .filter((account) => account.providerId !== "credential" && !offeredIds.has(account.providerId))
    .map((account) => ({
      id: account.providerId,
      name: account.providerId,
      ...linkOf(account.providerId),
      offered: false,
    }));
  return [
    ...offered.map((provider) => ({ ...provider, ...linkOf(provider.id), offered: true })),
    ...leftovers,
  ];
}

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

const LINK_MESSAGES: Record<string, string> = {
  email_does_not_match:
    "That provider account has another email address. Only an account with your email address can be linked.",
  account_already_linked_to_different_user:
    "That provider account is already linked to someone else's account.",
  unable_to_link_account:
    "The provider did not confirm your email address, so the account was not linked. Verify it there, then try again.",
};

/** What went wrong when a provider sent someone back to the dashboard with `?error=`. */
export function linkErrorMessage(code: string): string {
  return Object.hasOwn(LINK_MESSAGES, code) ? (LINK_MESSAGES[code] as string) : signInErrorMessage(code);
}
