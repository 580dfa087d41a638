import type { IconComponent } from "~/components/icon-component";
import GithubLogo from "~icons/simple-icons/github";
import GoogleLogo from "~icons/simple-icons/google";
import OpenidLogo from "~icons/simple-icons/openid";
import { DEFAULT_OIDC_NAME } from "./constants";

/**
 * The OAuth / OpenID Connect providers the app knows, in the order
 * their buttons appear, each with the name on its button and its logo (drawn
 * inline, no request). This is the half the browser may see; each one's
 * variables, better-auth options and sign-in page are in
 * `app/server/providers/registry.server.ts`, keyed by the same id (the type
 * checker fails while either half lacks an entry).
 */
export const OAUTH_PROVIDERS = {
  github: { name: "GitHub", icon: GithubLogo },
  google: { name: "Google", icon: GoogleLogo },
  // `OIDC_NAME` names it; this is the default.
  oidc: { name: DEFAULT_OIDC_NAME, icon: OpenidLogo },
} as const satisfies Record<string, { name: string; icon: IconComponent }>;

export type OAuthProviderId = keyof typeof OAUTH_PROVIDERS;

/** Whether `value` is the id of a provider the app knows (an account's `providerId` is any string). */
export function isOAuthProviderId(value: unknown): value is OAuthProviderId {
  return typeof value === "string" && Object.hasOwn(OAUTH_PROVIDERS, value);
}

/** Every provider's id, in the order their buttons appear. */
export const OAUTH_PROVIDER_IDS = Object.keys(OAUTH_PROVIDERS).filter(isOAuthProviderId);

/** A configured provider as the sign-in page shows it: `Sign in with {name}`. */
export type SignInProvider = { id: OAuthProviderId; name: string };

/** Whether `value` names one of `providers` (a form field is any string). */
export function findProvider(
  providers: readonly SignInProvider[],
  value: unknown,
): SignInProvider | undefined {
  return providers.find((provider) => provider.id === value);
}

/** How a provider flow is shown: in the sign-in popup or as a full-page redirect. */
export type SignInDisplay = "popup" | "page";
