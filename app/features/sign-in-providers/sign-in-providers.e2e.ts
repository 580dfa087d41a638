import { mkdtempSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  type ServerProcess,
  startServer,
  stopServer,
  waitUntilListening,
} from "../../../tests/fixtures/server-process";
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider } from "./e2e-provider";

// A server of its own: GitHub configured, Google not, and an OpenID issuer that is down at first.
test.describe.configure({ mode: "serial" });

const SUITE_PORT = Number(process.env.E2E_PORT ?? 3210);
const PORT = SUITE_PORT + 13;
const ISSUER_PORT = SUITE_PORT + 14;
const url = `http://localhost:${PORT}`;
const issuer = `http://127.0.0.1:${ISSUER_PORT}`;
const DISCOVERY_FAILED = /discovery at \S+ failed/g;

let server: ServerProcess;
let provider: Server | undefined;

test.beforeAll(async () => {
  server = startServer(process.cwd(), {
    PORT: String(PORT),
    APP_URL: url,
    DATA_DIR: mkdtempSync(join(tmpdir(), "providers-")),
    AUTH_SECRET: "a-test-secret-that-is-long-enough-to-pass",
    GITHUB_CLIENT_ID: "github-client-id",
    GITHUB_CLIENT_SECRET: "github-client-secret",
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET,
    OIDC_NAME: "Acme SSO",
  });
  await waitUntilListening(server);
});

test.afterAll(async () => {
  await stopServer(server);
  await new Promise((done) => (provider ? provider.close(done) : done(undefined)));
});

/** The provider button's form post, without a browser. */
const startSignIn = (request: import("@playwright/test").APIRequestContext, id: string) =>
  request.post(`${url}/login`, {
    headers: { Origin: url },
    form: { intent: "oauth", provider: id, display: "page", redirect: "/dashboard" },
    maxRedirects: 0,
  });

test("starts without asking the OpenID issuer anything, and shows only configured providers", async ({
  page,
}) => {
  expect(server.output()).not.toMatch(DISCOVERY_FAILED);
  await page.goto(`${url}/login`);
  await expect(page.getByRole("button", { name: "Sign in with GitHub" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Acme SSO" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toHaveCount(0);
  // Each with its own logo, drawn inline.
  const logo = (name: string) => page.getByRole("button", { name }).locator("svg path").getAttribute("d");
  const [github, sso] = [await logo("Sign in with GitHub"), await logo("Sign in with Acme SSO")];
  expect(github).toBeTruthy();
  expect(sso).toBeTruthy();
  expect(github).not.toBe(sso);
});

test("GitHub's sign-in starts with a state and an S256 PKCE challenge, back to its documented callback", async ({
  request,
}) => {
  const response = await startSignIn(request, "github");
  expect(response.status()).toBe(302);
  const location = new URL(response.headers().location ?? "");
  expect(location.origin + location.pathname).toBe("https://github.com/login/oauth/authorize");
  expect(location.searchParams.get("client_id")).toBe("github-client-id");
  expect(location.searchParams.get("redirect_uri")).toBe(`${url}/api/auth/callback/github`);
  expect(location.searchParams.get("state")).toMatch(/^[\w-]{32}$/);
  expect(location.searchParams.get("code_challenge_method")).toBe("S256");
  expect(response.headers()["set-cookie"]).toContain("better-auth.state=");
});

test("an unreachable OpenID issuer gives a clear message, is logged once, and is retried", async ({
  request,
}) => {
  const first = await startSignIn(request, "oidc");
  expect(first.status()).toBe(503);
  expect(await first.text()).toContain("Acme SSO cannot be reached right now. Try again in a moment.");
  expect((await startSignIn(request, "oidc")).status()).toBe(503);
  expect(server.output().match(DISCOVERY_FAILED)).toHaveLength(1);

  provider = await startOidcProvider(url, ISSUER_PORT);
  const retried = await startSignIn(request, "oidc");
  expect(retried.status()).toBe(302);
  const location = new URL(retried.headers().location ?? "");
  expect(location.origin + location.pathname).toBe(`${issuer}/auth`);
  expect(location.searchParams.get("redirect_uri")).toBe(`${url}/api/auth/callback/oidc`);
  expect(location.searchParams.get("nonce")).toHaveLength(32);
  expect(server.output()).toContain(`OpenID Connect: ${issuer} answers again`);
});
