import { type APIResponse, expect, type Page } from "@playwright/test";
import { fillAccountForm, newAccount, sameOrigin } from "../fixtures/accounts";
import { test } from "../fixtures/signed-in";

function expectSecurityHeaders(response: APIResponse) {
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin-allow-popups");
  expect(headers["x-powered-by"]).toBeUndefined();
  // Served over plain HTTP here: HSTS would be ignored by browsers and is not sent.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

const nonceOf = (response: APIResponse) =>
  /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];

test.describe("every answer carries the security headers", () => {
  for (const [name, path] of [
    ["a server-rendered page", "/login?mode=signup"],
    ["a guest page rendered once", "/login"],
    ["the prerendered landing page", "/"],
    ["an error page", "/no/such/page"],
    ["the session API", "/api/_auth/session"],
    ["an unknown API path", "/api/nope"],
    ["a static asset", "/_app/builds/latest.json"],
  ] as const) {
    test(name, async ({ request }) => {
      expectSecurityHeaders(await request.get(path));
    });
  }

  test("a refused request", async ({ request }) => {
    const response = await request.delete("/api/_auth/session", {
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status()).toBe(403);
    expectSecurityHeaders(response);
  });
});

test("the nonce is new for every response and every inline script carries it", async ({ request }) => {
  const first = await request.get("/login?mode=signup");
  const second = await request.get("/login?mode=signup");
  expect(nonceOf(first)).toBeTruthy();
  expect(nonceOf(first)).not.toBe(nonceOf(second));
  const html = await first.text();
  const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>/g)];
  expect(inlineScripts.length).toBeGreaterThan(1);
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonceOf(first)}"`);
});

test("the prerendered page allows exactly its own inline scripts by hash", async ({ request }) => {
  const response = await request.get("/");
  const csp = response.headers()["content-security-policy"] ?? "";
  const hashes = csp.match(/'sha256-[^']+'/g) ?? [];
  const inlineScripts = [
    ...(await response.text()).matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
  ];
  expect(hashes.length).toBe(new Set(inlineScripts.map(([, body]) => body)).size);
});

/** Collects CSP violations the page reports, from the DOM event and the console. */
async function watchViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

test("the app works under its CSP without a single violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/");
  await page.getByRole("button", { name: /Colour mode/ }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  // The landing page has a "Create an account" link too: wait until the sign-in page is the one shown.
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  await fillAccountForm(page, newAccount());
  await expect(page.getByRole("heading", { name: /Welcome back, Ada/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: /Welcome back, Ada/ })).toBeVisible();
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("a server error page shows the request id that the log carries; a 404 keeps it in the head only", async ({
  page,
}) => {
  const failed = await page.goto("/__e2e/crash?where=server");
  expect(failed?.status()).toBe(500);
  const requestId = failed?.headers()["x-request-id"];
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByText("Request ID:")).toContainText(requestId ?? "");

  const missing = await page.goto("/no/such/page");
  expect(missing?.status()).toBe(404);
  await expect(page.locator('meta[name="request-id"]')).toHaveAttribute(
    "content",
    missing?.headers()["x-request-id"] ?? "",
  );
  await expect(page.getByText("Request ID")).toHaveCount(0);
});

test.describe("cross-site requests", () => {
  test("a form post to sign in or out from another site is refused", async ({ request }) => {
    for (const path of ["/login", "/logout"]) {
      const response = await request.post(path, {
        headers: { Origin: "https://evil.example" },
        form: { intent: "signin", email: "a@example.com", password: "whatever1" },
        maxRedirects: 0,
      });
      expect(response.status(), path).toBe(403);
    }
  });

  test("a cross-site request without Origin is refused by Sec-Fetch-Site", async ({ request }) => {
    const response = await request.delete("/api/_auth/session", {
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status()).toBe(403);
  });

  test("the same requests from the app itself are accepted", async ({ loginRequest }) => {
    const { request } = await loginRequest(newAccount());
    const signOut = await request.post("/logout", { headers: sameOrigin, maxRedirects: 0 });
    expect(signOut.status()).toBe(302);
    expect(await (await request.get("/api/_auth/session")).json()).toEqual({});
  });
});

test("answers about a person are never stored by a cache; public ones keep their own caching", async ({
  login,
  page,
}) => {
  await login(newAccount());
  const personal = [
    "/dashboard",
    "/dashboard.data",
    "/_root.data",
    "/api/_auth/session",
    "/api/auth/passkey/generate-authenticate-options",
    "/api/auth/get-session",
  ];
  for (const path of personal) {
    const cacheControl = (await page.request.get(path, { maxRedirects: 0 })).headers()["cache-control"] ?? "";
    expect(cacheControl, path).toMatch(/no-store/);
    expect(cacheControl, path).toMatch(/private|no-store/);
  }
  const guest = await page.context().browser()?.newContext();
  const landing = await guest?.request.get("/");
  expect(landing?.headers()["cache-control"]).toBe("public, no-cache");
  await guest?.close();
});
