import { createRemoteJWKSet, type JWTVerifyGetKey } from "jose";
import { z } from "zod";

const discoveryDocument = z.object({
  issuer: z.string().min(1),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  userinfo_endpoint: z.url().optional(),
  jwks_uri: z.url(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});

/** What a sign-in needs from the provider's discovery document. */
export type OidcEndpoints = {
  /** The issuer exactly as the provider writes it (ID tokens' `iss`). */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  userinfoEndpoint?: string;
  /** The provider's signing keys, fetched (and refreshed on a new `kid`) by jose. */
  jwks: JWTVerifyGetKey;
  /** The ID-token signing algorithms the provider announced, if it did. */
  algorithms?: string[];
  /** How the client secret goes to the token endpoint. */
  tokenAuthentication: "basic" | "post";
};

/** Thrown while the provider cannot be discovered; the next call tries again. */
export class OidcUnavailableError extends Error {
  override name = "OidcUnavailableError";
}

type DiscoveryOptions = {
  issuer: string;
  timeoutMs: number;
  /** Where the one line about an outage goes (and the one about recovery). */
  log?: (message: string) => void;
};

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, "");

/**
 * Reads an OpenID provider's discovery document lazily: nothing at start-up
 * (an unreachable issuer must not delay or stop the app), then on the first
 * sign-in that needs it. A success is kept for the life of the process; a
 * failure is logged once per outage, answered with `OidcUnavailableError`,
 * and retried by the next sign-in. Concurrent callers share one request.
 */
export function createOidcDiscovery({ issuer, timeoutMs, log = console.error }: DiscoveryOptions) {
  const url = `${withoutTrailingSlash(issuer)}/.well-known/openid-configuration`;
  let found: OidcEndpoints | undefined;
  let pending: Promise<OidcEndpoints> | undefined;
  let failing = false;

  async function load(): Promise<OidcEndpoints> {
    const response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`it answered ${response.status}`);
    const parsed = discoveryDocument.safeParse(await response.json());
    if (!parsed.success)
      throw new Error(`its document is not valid: ${parsed.error.issues[0]?.path.join(".")}`);
    const document = parsed.data;
    // OpenID Connect Discovery §4.3: the document must be the issuer's own.
    if (withoutTrailingSlash(document.issuer) !== withoutTrailingSlash(issuer)) {
      throw new Error(`its document names another issuer (${document.issuer})`);
    }
    const authMethods = document.token_endpoint_auth_methods_supported;
    return {
      issuer: document.issuer,
      authorizationEndpoint: document.authorization_endpoint,
      tokenEndpoint: document.token_endpoint,
      userinfoEndpoint: document.userinfo_endpoint,
      jwks: createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: timeoutMs }),
      algorithms: document.id_token_signing_alg_values_supported?.filter((alg) => alg !== "none"),
      tokenAuthentication:
        authMethods &&
        !authMethods.includes("client_secret_basic") &&
        authMethods.includes("client_secret_post")
          ? "post"
          : "basic",
    };
  }

  return {
    /** The provider's endpoints, fetched on first use; rejects with `OidcUnavailableError`. */
    get(): Promise<OidcEndpoints> {
      if (found) return Promise.resolve(found);
      pending ??= load()
        .then((endpoints) => {
          if (failing) log(`OpenID Connect: ${issuer} answers again; sign-in with it works.`);
          failing = false;
          found = endpoints;
          return endpoints;
        })
        .catch((error: unknown) => {
          if (!failing) {
            log(
              `OpenID Connect: discovery at ${url} failed (${reasonOf(error)}); sign-in with this provider is unavailable and is retried at the next attempt.`,
            );
          }
          failing = true;
          throw new OidcUnavailableError(`${issuer} cannot be reached`);
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
}

/** "fetch failed (ECONNREFUSED)" rather than just "fetch failed". */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? `${error.message}: ${code}` : error.message;
}
