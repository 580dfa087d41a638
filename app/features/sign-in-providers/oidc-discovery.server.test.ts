import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test, vi } from "vitest";
import { createOidcDiscovery, OidcUnavailableError } from "./oidc-discovery.server";

type Provider = { server: Server; issuer: string; requests: () => number };

/** A real HTTP server answering the discovery document of `issuerPath`. */
async function startProvider(port = 0, issuerOverride?: string): Promise<Provider> {
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    const { port: own } = server.address() as AddressInfo;
    const issuer = issuerOverride ?? `http://127.0.0.1:${own}/realm`;
    if (request.url !== "/realm/.well-known/openid-configuration") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "Content-Type": "application/json" }).end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/me`,
        jwks_uri: `${issuer}/jwks`,
        id_token_signing_alg_values_supported: ["RS256", "none"],
      }),
    );
  });
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", done));
  const { port: bound } = server.address() as AddressInfo;
  return { server, issuer: `http://127.0.0.1:${bound}/realm`, requests: () => requests };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function provider(port?: number, issuerOverride?: string) {
  const started = await startProvider(port, issuerOverride);
  servers.push(started.server);
  return started;
}

/** A port nothing listens on (it was just released). */
async function freePort(): Promise<number> {
  const { server } = await startProvider();
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

describe("createOidcDiscovery", () => {
  test("asks nothing until the first sign-in, then keeps the answer", async () => {
    const idp = await provider();
    const discovery = createOidcDiscovery({ issuer: `${idp.issuer}/`, timeoutMs: 2000 });
    expect(idp.requests()).toBe(0);
    const [first, second] = await Promise.all([discovery.get(), discovery.get()]);
    expect(first).toBe(second);
    expect(first).toMatchObject({
      issuer: idp.issuer,
      authorizationEndpoint: `${idp.issuer}/auth`,
      tokenEndpoint: `${idp.issuer}/token`,
      userinfoEndpoint: `${idp.issuer}/me`,
      algorithms: ["RS256"],
      tokenAuthentication: "basic",
    });
    await discovery.get();
    expect(idp.requests()).toBe(1);
  });

  test("an unreachable issuer is logged once and retried at the next attempt", async () => {
    const port = await freePort();
    const log = vi.fn();
    const discovery = createOidcDiscovery({ issuer: `http://127.0.0.1:${port}/realm`, timeoutMs: 2000, log });
    await expect(discovery.get()).rejects.toBeInstanceOf(OidcUnavailableError);
    await expect(discovery.get()).rejects.toBeInstanceOf(OidcUnavailableError);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]?.[0]).toMatch(/discovery at .* failed \(fetch failed: ECONNREFUSED\)/);

    const idp = await provider(port);
    expect((await discovery.get()).issuer).toBe(idp.issuer);
    expect(log).toHaveBeenCalledTimes(2);
    expect(log.mock.calls[1]?.[0]).toContain("answers again");
  });

  test("refuses a document that names another issuer", async () => {
    const idp = await provider(0, "https://evil.example");
    const log = vi.fn();
    const discovery = createOidcDiscovery({ issuer: idp.issuer, timeoutMs: 2000, log });
    await expect(discovery.get()).rejects.toBeInstanceOf(OidcUnavailableError);
    expect(log.mock.calls[0]?.[0]).toContain("names another issuer (https://evil.example)");
  });

  test("refuses an issuer without a discovery document", async () => {
    const idp = await provider();
    const log = vi.fn();
    const discovery = createOidcDiscovery({ issuer: `${idp.issuer}/other`, timeoutMs: 2000, log });
    await expect(discovery.get()).rejects.toBeInstanceOf(OidcUnavailableError);
    expect(log.mock.calls[0]?.[0]).toContain("it answered 404");
  });
});
