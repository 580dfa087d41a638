import type { ServerFeature } from "~/server/features.server";
import { AUTH_RESULT_PATH, PROVIDERS_KEY } from "./constants";
import { providerMustVouchForEmail, providerName } from "./identity.server";
import linkProvider from "./link-provider.server";
import { linkErrorMessage } from "./links.server";
import { findProvider } from "./providers";
import {
  listSignInProviders,
  missingVariables,
  PROVIDER_VARIABLES,
  PROVIDERS_ENV_KEY,
  providerAuthOptions,
  providerConfigOf,
  providerOrigins,
  readProviders,
} from "./registry.server";
import { providersSection } from "./sections";
import { signInErrorMessage } from "./sign-in-errors";
import { startProviderSignIn } from "./sign-in-post.server";

/** Sign-in providers: GitHub, Google and OpenID Connect, each when configured. */
export default {
  actions: [linkProvider],
  // Each provider is on once its variables are set (registry.server.ts).
  config: {
    key: PROVIDERS_ENV_KEY,
    variables: PROVIDER_VARIABLES,
    check: missingVariables,
    read: readProviders,
  },
  dashboard: [
    providersSection.load(async ({ env }, _signedIn, request) => {
      const offered = listSignInProviders(providerConfigOf(env));
      if (!request) return { offered };
      const params = new URL(request.url).searchParams;
      const error = params.get("error");
      const linked = findProvider(offered, params.get("linked"));
      return { offered, linkError: error ? linkErrorMessage(error) : null, linked: linked?.name ?? null };
    }),
  ],
  auth: {
    betterAuth: ({ env, warn }) => {
      const providers = providerAuthOptions(providerConfigOf(env), warn);
      return {
        socialProviders: providers.socialProviders,
        // The providers that are plugins of ours (OpenID Connect).
        plugins: providers.plugins,
        account: {
          // A provider's sign-in joins an existing account with the same email only
          // when the provider says it verified that email (no provider is trusted
          // blindly) and the existing account's email is verified too: a password
          // account created with someone else's address is never taken over.
          // Signing in works before the address is verified; linking a provider does not.
          accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
          // Provider tokens are kept only encrypted; the app itself does not use them.
          encryptOAuthTokens: true,
        },
        // A provider creates or joins an account only for an address it verified.
        user: { validateUserInfo: providerMustVouchForEmail },
        // A provider's name follows the rule of typed names (no line breaks, not too long).
        databaseHooks: {
          user: {
            create: {
              before: async (user) => ({ data: { ...user, name: providerName(user.name, user.email) } }),
            },
          },
        },
        // Failed or refused callbacks land on our page, which explains them.
        onAPIError: { errorURL: `${env.APP_URL}${AUTH_RESULT_PATH}` },
      };
    },
    signInAccounts: (env) => listSignInProviders(providerConfigOf(env)),
    // A provider button's form post redirects to its sign-in page: browsers apply `form-action` to that redirect.
    formTargets: (env) => providerOrigins(providerConfigOf(env)),
    // Where each configured provider sends the browser back.
    doors: (env) =>
      listSignInProviders(providerConfigOf(env)).map(({ id }) => ({
        method: "GET",
        path: `/callback/${id}`,
        limit: "ip",
      })),
    signInPage: {
      key: PROVIDERS_KEY,
      // The configured providers' buttons, and why a provider sign-in just failed (`?error=`).
      load: ({ env }, request) => {
        const providers = listSignInProviders(providerConfigOf(env));
        const code = new URL(request.url).searchParams.get("error");
        if (providers.length === 0 && !code) return null;
        return { providers, error: code ? signInErrorMessage(code) : null };
      },
      intent: "oauth",
      post: startProviderSignIn,
    },
  },
} satisfies ServerFeature;
