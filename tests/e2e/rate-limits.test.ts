import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { newAccount, sameOrigin, signUpByRequest } from "../fixtures/accounts";
import { sessionIpAddressOf } from "../fixtures/database";
import { type ServerProcess, startServer, stopServer, waitUntilListening } from "../fixtures/server-process";

const PER_ACCOUNT = 5;
const WINDOW_SECONDS = 600;

/** A sign-in form post, as a browser without JavaScript sends it. */
function postSignIn(request: APIRequestContext, email: string, password: string, extraHeaders = {}) {
  return request.post("/login", {
    headers: { ...sameOrigin, ...extraHeaders },
    form: { intent: "signin", email, password },
    maxRedirects: 0,
  });
}

test("the sixth password attempt for one account within the window is refused with 429 and Retry-After", async ({
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
  expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(await refused.text()).toContain("Too many sign-in attempts. Try again in 10 minutes.");

  // Now even the right password waits: that is what stops guessing.
  expect((await postSignIn(request, account.email, account.password)).status()).toBe(429);
});

test("the JSON sign-in API has the same per-account limit, and X-Forwarded-For changes nothing", async ({
  request,
}) => {
  const account = newAccount();
  await signUpByRequest(request, account);
  const attempt = (n: number) =>
    request.post("/api/auth/sign-in/email", {
      headers: { ...sameOrigin, "X-Forwarded-For": `203.0.113.${n}` },
      data: { email: account.email, password: `wrong password ${n}` },
    });
  for (let n = 1; n <= PER_ACCOUNT; n += 1) expect((await attempt(n)).status()).toBe(401);
  const refused = await attempt(6);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.json()).toEqual({ error: "Too many sign-in attempts. Try again in 10 minutes." });
});

test("a session records the address the edge resolved, whatever the client claims", async ({ request }) => {
  const account = newAccount();
  const response = await request.post("/login", {
    headers: { ...sameOrigin, "X-Forwarded-For": "6.6.6.6", "X-App-Client-Ip": "6.6.6.6" },
    form: { intent: "signup", ...account },
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

    // OAuth callbacks count too; a browser coming back from a provider gets a page, not JSON.
    const callback = await request.get(`${url}/api/auth/callback/github?code=c&state=s`, {
      headers: { "Sec-Fetch-Mode": "navigate" },
      maxRedirects: 0,
    });
    expect(callback.status()).toBe(429);
    expect(callback.headers()["retry-after"]).toBeTruthy();
    expect(await callback.text()).toContain("Too many sign-in attempts.");
  });

  test("with TRUST_PROXY=1, the address the proxy forwarded is what counts", async ({ request }) => {
    const url = await serve(SUITE_PORT + 12, { TRUST_PROXY: "1" });
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
