/** The OAuth / OpenID Connect providers the app knows (SPEC §4). */
export type OAuthProviderId = "github" | "google" | "oidc";

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
