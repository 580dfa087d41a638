import type { IconComponent } from "~/components/icon-component";
import type { LinkedAccount } from "~/lib/dashboard";
import GithubLogo from "~icons/simple-icons/github";
import GoogleLogo from "~icons/simple-icons/google";
import OpenidLogo from "~icons/simple-icons/openid";
import { DEFAULT_OIDC_NAME } from "./constants";

/**
 * The OAuth / OpenID Connect providers the app knows, in the order
 * their buttons appear, each with the name on its button and its logo (drawn
 * inline, no request). This is the half the browser may see; each one's
 * variables, better-auth options and sign-in page are in
 * `registry.server.ts`, keyed by the same id (the type
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

/** A provider on the dashboard: whether it is joined to this account, and since when. */
export type ProviderLink = {
  id: string;
  name: string;
  linkedAt: string | null;
  offered: boolean;
  /** Linked before the account's email address changed: it vouched for the previous address. */
  linkedUnderPreviousEmail: boolean;
};

/**
 * The configured providers, each marked linked or not, then any account
 * at a provider the app no longer offers (it can still be unlinked).
 */
export function providerLinks(
  offered: readonly SignInProvider[],
  linked: readonly LinkedAccount[],
): ProviderLink[] {
  const linkOf = (id: string) => {
    const account = linked.find((candidate) => candidate.id === id);
    return {
      linkedAt: account?.linkedAt ?? null,
      linkedUnderPreviousEmail: account?.linkedUnderPreviousEmail ?? false,
    };
  };
  const offeredIds = new Set<string>(offered.map((provider) => provider.id));
  const leftovers = linked
    .filter((account) => !offeredIds.has(account.id))
    .map((account) => ({ id: account.id, name: account.id, ...linkOf(account.id), offered: false }));
  return [
    ...offered.map((provider) => ({ ...provider, ...linkOf(provider.id), offered: true })),
    ...leftovers,
  ];
}

/** What the dashboard's Sign-in methods rows need besides the core's data (`DashboardData.features`). */
export type ProvidersDashboard = {
  /** The configured providers, in the order their rows appear. */
  offered: SignInProvider[];
  /** Why linking a provider just failed (`?error=`); absent in the data export. */
  linkError?: string | null;
  /** The provider just linked (`?linked=`), for a toast; absent in the data export. */
  linked?: string | null;
};

/** What the sign-in page shows: the configured providers' buttons, and why a provider sign-in just failed. */
export type ProvidersSignIn = { providers: SignInProvider[]; error: string | null };
