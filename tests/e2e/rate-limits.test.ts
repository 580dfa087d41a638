import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { FEATURES } from "../../app/features/registry";
import { baseURL } from "../../playwright.config";
import {
  newAccount,
  sameOrigin,
  signUpByRequest,
  signUpCodeFor,
  startSignUpByRequest,
} from "../fixtures/accounts";
import { sessionIpAddressOf } from "../fixtures/database";
import { type ServerProcess, startServer, stopServer, waitUntilListening } from "../fixtures/server-process";
import { test } from "../fixtures/signed-in";

const PER_ACCOUNT = 5;
const FIRST_WAIT_SECONDS = 60;

/** A sign-in form post, as a browser without JavaScript sends it. */
function postSignIn(request: APIRequestContext, email: string, password: string, extraHeaders = {}) {
  return request.post("/login", {
    headers: { ...sameOrigin, ...extraHeaders },
    form: { intent: "signin", email, password },
    maxRedirects: 0,
  });
}

test("wrong passwords for one account: after five, 429 with Retry-After, then waits that grow", async ({
  page,
}) => {
  const { request } = page;
  const account = newAccount();
  await signUpByRequest(request, account);
  await page.context().clearCookies();
  for (let attempt = 1; attempt <= PER_ACCOUNT; attempt += 1) {
    expect((await postSignIn(request, account.email, `wrong password ${attempt}`)).status()).toBe(401);
  }
  const refused = await postSignIn(request, account.email, "wrong password 6");
  expect(refused.status()).toBe(429);
  const retryAfter = Number(refused.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(FIRST_WAIT_SECONDS - 30);
  expect(retryAfter).toBeLessThanOrEqual(FIRST_WAIT_SECONDS);
  // The wait as Retry-After says it: a minute, or its last seconds on a slow machine.
  expect(await refused.text()).toMatch(
    /Too many sign-in attempts\. Try again in (1 minute|[1-5]?\d seconds)\./,
  );

  // Now even the right password waits: that is what stops guessing.
  expect((await postSignIn(request, account.email, account.password)).status()).toBe(429);
});

test("successful sign-ins never count: a sixth and a seventh in a row work", async ({ page }) => {
  const account = newAccount();
  await signUpByRequest(page.request, account);
  for (let n = 1; n <= PER_ACCOUNT + 2; n += 1) {
    // Each time as a browser new to the account (no session, no device cookie): the account's own budget.
    await page.context().clearCookies();
    const response = await postSignIn(page.request, account.email, account.password);
    expect(response.status(), `sign-in ${n}`).toBe(302);
    expect(response.headers().location).toBe("/dashboard");
    expect(response.headers()["set-cookie"]).toContain("session_token=");
  }
});

test("a browser that signed in before keeps its own budget while a stranger locks the account out", async ({
  browser,
  playwright,
}) => {
  const owner = await browser.newContext();
  const stranger = await playwright.request.newContext({ baseURL });
  try {
    const account = newAccount();
    await signUpByRequest(owner.request, account);
    const device = (await owner.cookies()).find((cookie) => cookie.name.endsWith("device"));
    expect(device).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    for (let n = 1; n <= PER_ACCOUNT; n += 1) await postSignIn(stranger, account.email, `guess ${n}`);
    expect((await postSignIn(stranger, account.email, account.password)).status()).toBe(429);
    // The owner signs out and back in from their own browser: untouched by the stranger's failures.
    await owner.request.delete("/api/_auth/session", { headers: sameOrigin });
    expect((await postSignIn(owner.request, account.email, account.password)).status()).toBe(302);
  } finally {
    await owner.close();
    await stranger.dispose();
  }
});

test("the doors an attacker used are closed, and a repeated email field names one account for every rule", async ({
  playwright,
}) => {
  const victim = newAccount();
  const decoy = newAccount();
  const victimsBrowser = await playwright.request.newContext({ baseURL });
  const attacker = await playwright.request.newContext({ baseURL });
  try {
    await signUpByRequest(victimsBrowser, victim);
    // better-auth's JSON sign-in, whatever the spelling of its Content-Type, is not a door.
    for (const type of ["application/json", "Application/JSON"]) {
      const viaApi = await attacker.post("/api/auth/sign-in/email", {
        headers: { ...sameOrigin, "Content-Type": type },
        data: JSON.stringify({ email: victim.email, password: "guess" }),
      });
      expect(viaApi.status()).toBe(404);
    }
    // email=decoy&email=victim: the first value is the address checked and counted, never the last.
    const repeated = () =>
      attacker.post("/login", {
        headers: { ...sameOrigin, "Content-Type": "application/x-www-form-urlencoded" },
        data: `intent=signin&email=${encodeURIComponent(decoy.email)}&email=${encodeURIComponent(victim.email)}&password=${encodeURIComponent(victim.password)}`,
        maxRedirects: 0,
      });
    for (let n = 1; n <= PER_ACCOUNT; n += 1) expect((await repeated()).status()).toBe(401);
    expect((await repeated()).status()).toBe(429);
    expect((await postSignIn(attacker, victim.email, victim.password)).status()).toBe(302);
  } finally {
    await victimsBrowser.dispose();
    await attacker.dispose();
  }
});

test("dashboard password checks count too: 429 with Retry-After, and each failure is in Recent activity", async ({
  login,
  page,
}) => {
  const account = newAccount();
  await login(account);
  const changePassword = (currentPassword: string) =>
    page.request.post("/dashboard", {
      headers: sameOrigin,
      form: { intent: "change-password", currentPassword, newPassword: "a brand new password" },
      maxRedirects: 0,
    });
  for (let n = 1; n <= PER_ACCOUNT; n += 1) expect((await changePassword(`guess ${n}`)).status()).toBe(400);
  const refused = await changePassword(account.password);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  await page.goto("/dashboard");
  await expect(page.getByText("Password change refused: wrong current password")).toHaveCount(PER_ACCOUNT);
});

test("a session records the address the edge resolved, whatever the client claims", async ({ request }) => {
  const account = newAccount();
  const started = await startSignUpByRequest(request, account);
  // The session is made when the code comes back: that post claims another address.
  const response = await request.post("/confirm-sign-up", {
    headers: { ...sameOrigin, "X-Forwarded-For": "6.6.6.6", "X-App-Client-Ip": "6.6.6.6" },
    form: {
      intent: "confirm",
      id: new URL(started.headers().location ?? "", baseURL).searchParams.get("id") ?? "",
      code: await signUpCodeFor(account.email),
    },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(await sessionIpAddressOf(account.email)).toBe("127.0.0.1");
});

test.describe("per client IP", () => {
  test.describe.configure({ mode: "serial" });

  const SUITE_PORT = Number(process.env.E2E_PORT ?? 3210);
  const PER_IP = 3;
  let server: ServerProcess | undefined;

  test.afterEach(async () => {
    if (server) await stopServer(server);
    server = undefined;
  });

  /** A fresh server (fresh counters) allowing PER_IP attempts per address. */
  async function serve(port: number, env: Record<string, string> = {}) {
    const url = `http://localhost:${port}`;
    server = startServer(process.cwd(), {
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: mkdtempSync(join(tmpdir(), "rate-limit-")),
      AUTH_SECRET: "a-test-secret-that-is-long-enough-to-pass",
      AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
      // A provider, so that its callback is a door (limited per IP too).
      GITHUB_CLIENT_ID: "id",
      GITHUB_CLIENT_SECRET: "secret",
      ...env,
    });
    await waitUntilListening(server);
    return url;
  }

  /** A wrong password for a new address each time, claiming to come from `forwardedFor`. */
  const attempt = (request: APIRequestContext, url: string, forwardedFor: string) =>
    request.post(`${url}/login`, {
      headers: { Origin: url, "X-Forwarded-For": forwardedFor },
      form: { intent: "signin", email: `${crypto.randomUUID()}@example.com`, password: "not the password" },
      maxRedirects: 0,
    });

  test("without TRUST_PROXY, rotating X-Forwarded-For does not reset the count", async ({ request }) => {
    const url = await serve(SUITE_PORT + 11);
    for (let n = 1; n <= PER_IP; n += 1)
      expect((await attempt(request, url, `198.51.100.${n}`)).status()).toBe(401);
    const refused = await attempt(request, url, "198.51.100.99");
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);

    // OAuth callbacks count too, while the sign-in providers are listed (app/features/registry.ts);
    // a browser coming back from a provider gets a page, not JSON.
    if (!FEATURES.includes("sign-in-providers")) return;
    const callback = await request.get(`${url}/api/auth/callback/github?code=c&state=s`, {
      headers: { "Sec-Fetch-Mode": "navigate" },
      maxRedirects: 0,
    });
    expect(callback.status()).toBe(429);
    expect(callback.headers()["retry-after"]).toBeTruthy();
    expect(await callback.text()).toContain("Too many sign-in attempts.");
  });

  test("with TRUST_PROXY naming another proxy, X-Forwarded-For from this peer counts for nothing", async ({
    request,
  }) => {
    // The app is reached directly (from loopback), not through the proxy it trusts.
    const url = await serve(SUITE_PORT + 12, { TRUST_PROXY: "10.0.0.1/32" });
    for (let n = 1; n <= PER_IP; n += 1)
      expect((await attempt(request, url, `127.0.0.1, 198.51.100.${n}`)).status()).toBe(401);
    expect((await attempt(request, url, "198.51.100.99")).status()).toBe(429);
  });

  test("with TRUST_PROXY naming the proxy, the address it forwarded is what counts", async ({ request }) => {
    const url = await serve(SUITE_PORT + 12, { TRUST_PROXY: "127.0.0.1/32,::1/128" });
    for (let n = 1; n <= PER_IP + 2; n += 1) {
      expect((await attempt(request, url, `198.51.100.${n}`)).status()).toBe(401);
    }
    // A client's own claim, left of what the proxy appended, is not an address to count by.
    for (let n = 1; n <= PER_IP; n += 1) {
      expect((await attempt(request, url, `10.9.9.${n}, 192.0.2.7`)).status()).toBe(401);
    }
    expect((await attempt(request, url, "10.9.9.99, 192.0.2.7")).status()).toBe(429);
  });
});
