import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { z } from "zod";
import type { FeatureSettings } from "~/server/features.server";
import { DEFAULT_OIDC_NAME } from "./constants";
import { type OidcConfig, openIdConnect } from "./openid-connect.server";
import { OAUTH_PROVIDER_IDS, OAUTH_PROVIDERS, type OAuthProviderId, type SignInProvider } from "./providers";
import { type BetterAuthParts, type Log, type ServerHalf, serverHalf, type Variables } from "./setup.server";

/** A client id or secret from a provider's console. */
const credential = z.string().trim().min(1);

/**
 * The server half of each provider in `OAUTH_PROVIDERS`: its variables,
 * its settings, its sign-in page and its better-auth options. A key missing
 * here, or one the browser half lacks, fails the type check.
 */
const SETUPS = {
  github: serverHalf({
    variables: { GITHUB_CLIENT_ID: credential, GITHUB_CLIENT_SECRET: credential },
    settings: (vars) => ({ clientId: vars.GITHUB_CLIENT_ID, clientSecret: vars.GITHUB_CLIENT_SECRET }),
    signInOrigin: () => "https://github.com",
    betterAuth: (github) => ({ socialProviders: { github } }),
  }),
  google: serverHalf({
    variables: { GOOGLE_CLIENT_ID: credential, GOOGLE_CLIENT_SECRET: credential },
    settings: (vars) => ({ clientId: vars.GOOGLE_CLIENT_ID, clientSecret: vars.GOOGLE_CLIENT_SECRET }),
    signInOrigin: () => "https://accounts.google.com",
    // We never take ID tokens from the browser (Google One Tap): only the redirect flow.
    betterAuth: (google) => ({ socialProviders: { google: { ...google, disableIdTokenSignIn: true } } }),
  }),
  // Any OpenID Connect provider, by its issuer URL (discovery is read on first use).
  oidc: serverHalf({
    variables: {
      OIDC_ISSUER: z.url({
        protocol: /^https?$/,
        error: "must be the provider's http(s) issuer URL, e.g. https://id.example.com",
      }),
      OIDC_CLIENT_ID: credential,
      OIDC_CLIENT_SECRET: credential,
      /** The name on its button: `Sign in with {OIDC_NAME}`. */
      OIDC_NAME: z.string().trim().min(1).max(40, "must be at most 40 characters").default(DEFAULT_OIDC_NAME),
    },
    settings: (vars): OidcConfig => ({
      issuer: vars.OIDC_ISSUER,
      clientId: vars.OIDC_CLIENT_ID,
      clientSecret: vars.OIDC_CLIENT_SECRET,
      name: vars.OIDC_NAME,
    }),
    name: (oidc) => oidc.name,
    signInOrigin: (oidc) => new URL(oidc.issuer).origin,
    betterAuth: (oidc, log) => ({ plugins: [openIdConnect(oidc, log)] }),
  }),
} satisfies Record<OAuthProviderId, unknown>;

/** Each provider's settings, once its variables are set. */
type ProviderSettings = { [Id in OAuthProviderId]: NonNullable<ReturnType<(typeof SETUPS)[Id]["read"]>> };

/** The sign-in providers whose variables are all set, with their settings. */
export type ProviderConfig = Partial<ProviderSettings>;

/** `SETUPS` again, typed by id, so that a provider's settings only ever reach its own functions. */
const SERVER_HALVES: { [Id in OAuthProviderId]: ServerHalf<Variables, ProviderSettings[Id]> } = SETUPS;

/** Every variable a provider reads. */
type ProviderVariable = {
  [Id in OAuthProviderId]: keyof (typeof SETUPS)[Id]["variables"] & string;
}[OAuthProviderId];

const variablesOf = (id: OAuthProviderId) => Object.entries(SERVER_HALVES[id].variables);

/** Every provider's variables, for the env schema: each may be unset, which leaves its provider off. */
export const PROVIDER_VARIABLES = Object.fromEntries(
  OAUTH_PROVIDER_IDS.flatMap(variablesOf).map(([name, schema]) => [name, schema.optional()]),
  // Object.fromEntries cannot know the names it is given.
) as Record<ProviderVariable, z.ZodOptional<z.ZodType<string>>>;

/** The variables a provider needs (those without a default): all of them, or none. */
export function neededVariables(id: OAuthProviderId): string[] {
  return variablesOf(id)
    .filter(([, schema]) => !schema.safeParse(undefined).success)
    .map(([name]) => name);
}

/** Each provider's needed variables, for the env schema's all-or-none check. */
export const NEEDED_TOGETHER = OAUTH_PROVIDER_IDS.map(neededVariables);

/** Where the parsed environment keeps the providers' settings (`env.providers`). */
export const PROVIDERS_ENV_KEY = "providers";

/** The configured providers' settings, from the parsed environment (`ServerFeature.config` put them there). */
export function providerConfigOf(env: FeatureSettings): ProviderConfig {
  return (env[PROVIDERS_ENV_KEY] ?? {}) as ProviderConfig;
}

/** A provider's variables only work together: half of them stops the start, naming the first missing. */
export function missingVariables(env: Record<string, unknown>): { variable: string; message: string }[] {
  return NEEDED_TOGETHER.flatMap((group) => {
    const set = group.find((name) => env[name] !== undefined);
    if (!set) return [];
    return group
      .filter((name) => env[name] === undefined)
      .map((variable) => ({ variable, message: `is required when ${set} is set` }));
  });
}

/** The providers whose variables are all set, with their settings, from the checked environment. */
export function readProviders(env: Record<string, unknown>): ProviderConfig {
  const providers: ProviderConfig = {};
  for (const id of OAUTH_PROVIDER_IDS) readInto(providers, id, env);
  return providers;
}

function readInto<Id extends OAuthProviderId>(
  providers: ProviderConfig,
  id: Id,
  env: Record<string, unknown>,
) {
  providers[id] = SERVER_HALVES[id].read(env);
}

/** A configured provider: its button, its sign-in page, and how better-auth runs it. */
type ConfiguredProvider = SignInProvider & {
  signInOrigin: string;
  betterAuth: (log: Log) => BetterAuthParts;
};

function configured<Id extends OAuthProviderId>(id: Id, settings: ProviderSettings[Id]): ConfiguredProvider {
  const half = SERVER_HALVES[id];
  return {
    id,
    name: half.name?.(settings) ?? OAUTH_PROVIDERS[id].name,
    signInOrigin: half.signInOrigin(settings),
    betterAuth: (log) => half.betterAuth(settings, log),
  };
}

function configuredProviders(providers: ProviderConfig): ConfiguredProvider[] {
  return OAUTH_PROVIDER_IDS.flatMap((id) => {
    const settings = providers[id];
    return settings ? [configured(id, settings)] : [];
  });
}

/** The configured providers, in the order their buttons appear. */
export function listSignInProviders(providers: ProviderConfig): SignInProvider[] {
  return configuredProviders(providers).map(({ id, name }) => ({ id, name }));
}

/** Where the configured providers' sign-in pages live, for the CSP's `form-action`. */
export function providerOrigins(providers: ProviderConfig): string[] {
  return configuredProviders(providers).map((provider) => provider.signInOrigin);
}

/** What better-auth needs to run the configured providers: its `socialProviders`, and our plugins. */
export function providerAuthOptions(providers: ProviderConfig, log: Log) {
  const socialProviders: NonNullable<BetterAuthOptions["socialProviders"]> = {};
  const plugins: BetterAuthPlugin[] = [];
  for (const provider of configuredProviders(providers)) {
    const parts = provider.betterAuth(log);
    Object.assign(socialProviders, parts.socialProviders);
    plugins.push(...(parts.plugins ?? []));
  }
  return { socialProviders, plugins };
}
