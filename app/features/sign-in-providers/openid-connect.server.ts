import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { createAuthorizationURL, type OAuthProvider, validateAuthorizationCode } from "better-auth/oauth2";
import { type JWTPayload, jwtVerify } from "jose";
import { OIDC_DISCOVERY_TIMEOUT_MS } from "./constants";
import * as m from "./messages";
import { createOidcDiscovery, type OidcEndpoints } from "./oidc-discovery.server";
import type { OAuthProviderId } from "./providers";

/** The provider id in better-auth: its callback is `/api/auth/callback/oidc`. */
export const OIDC_PROVIDER_ID = "oidc" satisfies OAuthProviderId;

const SCOPES = ["openid", "email", "profile"];
/** Clock skew allowed on `exp` and `iat`, as openid-client and better-auth allow. */
const CLOCK_TOLERANCE_SECONDS = 30;

/** The OpenID provider's settings (`OIDC_*`): its issuer, our client at it, and its button's name. */
export type OidcConfig = { issuer: string; clientId: string; clientSecret: string; name: string };

/** The ID token's claims, completed from the userinfo endpoint when it lacks the email. */
export type OidcProfile = JWTPayload & {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  picture?: string;
};

/**
 * Sign-in with any OpenID Connect provider, by issuer, as a
 * better-auth provider: better-auth's core runs the redirect flow (`state`
 * bound to a signed cookie and stored once in the database, PKCE with S256,
 * and the `nonce` because `requiresIdTokenNonce` is set), this module does
 * what better-auth's `genericOAuth` would not do for us:
 *
 * - discovery is lazy (see `createOidcDiscovery`), where `genericOAuth`
 *   fetches it while the app starts and drops the provider when that fails;
 * - an ID token is required and always verified (signature against the
 *   issuer's JWKS, `iss`, `aud`, `azp`, `exp`, `iat`, `nonce`), where
 *   `genericOAuth` checks the nonce only when discovery gave it a JWKS and
 *   falls back to the userinfo endpoint when the token response has no ID
 *   token;
 * - an ID token posted by a client (`signIn.social({ idToken })`) is refused.
 */
export function openIdConnect(config: OidcConfig, log: (message: string) => void = console.error) {
  const discovery = createOidcDiscovery({ issuer: config.issuer, timeoutMs: OIDC_DISCOVERY_TIMEOUT_MS, log });

  async function verifyIdToken(idToken: string, endpoints: OidcEndpoints, nonce: string) {
    const { payload } = await jwtVerify(idToken, endpoints.jwks, {
      issuer: endpoints.issuer,
      audience: config.clientId,
      algorithms: endpoints.algorithms,
      requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    if (payload.nonce !== nonce) throw new Error("its nonce is not the one this sign-in sent");
    // OpenID Connect Core §3.1.3.7: with several audiences, we must be the authorized party.
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== config.clientId) {
      throw new Error("it was issued to another party (azp)");
    }
    return payload as OidcProfile;
  }

  /** The userinfo claims, when the ID token lacks the email; `null` when they are someone else's. */
  async function completeProfile(claims: OidcProfile, endpoints: OidcEndpoints, accessToken?: string) {
    if (claims.email || !endpoints.userinfoEndpoint || !accessToken) return claims;
    const response = await fetch(endpoints.userinfoEndpoint, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json" },
      signal: AbortSignal.timeout(OIDC_DISCOVERY_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the userinfo endpoint answered ${response.status}`);
    const info = (await response.json()) as Partial<OidcProfile>;
    // OpenID Connect Core §5.3.2: userinfo must be about the ID token's subject.
    if (info.sub !== claims.sub) throw new Error("the userinfo endpoint described another subject");
    return { ...info, ...claims, email: info.email, email_verified: info.email_verified };
  }

  const provider: OAuthProvider<OidcProfile> = {
    id: OIDC_PROVIDER_ID,
    name: config.name,
    requiresIdTokenNonce: true,
    options: { clientId: config.clientId, disableIdTokenSignIn: true },
    accountSubject: ({ profile }) => profile.sub,

    async createAuthorizationURL({ state, codeVerifier, redirectURI, idTokenNonce }) {
      const endpoints = await discovery.get();
      return createAuthorizationURL({
        id: OIDC_PROVIDER_ID,
        options: { clientId: config.clientId, clientSecret: config.clientSecret },
        authorizationEndpoint: endpoints.authorizationEndpoint,
        state,
        codeVerifier,
        scopes: SCOPES,
        redirectURI,
        nonce: idTokenNonce,
      });
    },

    async validateAuthorizationCode({ code, codeVerifier, redirectURI }) {
      const endpoints = await discovery.get();
      return validateAuthorizationCode({
        code,
        codeVerifier,
        redirectURI,
        options: { clientId: config.clientId, clientSecret: config.clientSecret },
        tokenEndpoint: endpoints.tokenEndpoint,
        authentication: endpoints.tokenAuthentication,
      });
    },

    async getUserInfo({ idToken, accessToken, expectedIdTokenNonce }) {
      try {
        if (!idToken) throw new Error("the token response has no ID token");
        if (!expectedIdTokenNonce) throw new Error("this sign-in kept no nonce");
        const endpoints = await discovery.get();
        const claims = await verifyIdToken(idToken, endpoints, expectedIdTokenNonce);
        const profile = await completeProfile(claims, endpoints, accessToken);
        return {
          user: {
            name: profile.name ?? profile.preferred_username ?? profile.email ?? "",
            email: profile.email,
            // Only an explicit `true` counts: linking to an existing account depends on it.
            emailVerified: profile.email_verified === true,
            image: profile.picture,
          },
          data: profile,
        };
      } catch (error) {
        log(`OpenID Connect: refused a sign-in: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      }
    },
  };

  return {
    id: "openid-connect",
    init: (ctx) => ({ context: { socialProviders: [provider, ...ctx.socialProviders] } }),
    hooks: {
      before: [
        {
          // A sign-in or callback for this provider: make sure discovery is done,
          // so the callback's RFC 9207 `iss` check knows the issuer.
          matcher: (ctx) => ctx.body?.provider === OIDC_PROVIDER_ID || ctx.params?.id === OIDC_PROVIDER_ID,
          handler: createAuthMiddleware(async (ctx) => {
            try {
              provider.issuer = (await discovery.get()).issuer;
            } catch {
              const message = m.providerUnreachable({ provider: config.name });
              if (ctx.params?.id === OIDC_PROVIDER_ID) {
                const errorURL = new URL(
                  ctx.context.options.onAPIError?.errorURL ?? `${ctx.context.baseURL}/error`,
                );
                errorURL.searchParams.set("error", "provider_unavailable");
                throw ctx.redirect(errorURL.toString());
              }
              throw new APIError("SERVICE_UNAVAILABLE", { message, code: "PROVIDER_UNAVAILABLE" });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
