import { type APIResponse, expect } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { test } from "../fixtures/signed-in";

const inlineScripts = (html: string) => [
  ...html.matchAll(/<script\b(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g),
];

/** The stored copy: the same bytes for everyone, revalidated by ETag, kept apart from signed-in answers. */
async function expectStoredCopy(first: APIResponse, second: APIResponse) {
  expect(first.status()).toBe(200);
  expect(await second.text()).toBe(await first.text());
  expect(first.headers().etag).toBeTruthy();
  expect(second.headers().etag).toBe(first.headers().etag);
  expect(first.headers()["cache-control"]).toBe("public, no-cache");
  expect(first.headers().vary).toBe("Cookie, Accept-Encoding, Accept-Language");
}

for (const path of ["/login", "/forgot-password"]) {
  test(`a guest gets ${path} as one copy rendered once, and revalidates it`, async ({ request }) => {
    const first = await request.get(path);
    const second = await request.get(path);
    await expectStoredCopy(first, second);
    const again = await request.get(path, { headers: { "If-None-Match": first.headers().etag ?? "" } });
    expect(again.status()).toBe(304);
  });

  test(`the copy of ${path} carries no nonce; the CSP allows exactly its inline scripts by hash`, async ({
    request,
  }) => {
    const response = await request.get(path);
    const html = await response.text();
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(1);
    for (const [, attributes] of scripts) expect(attributes).not.toContain("nonce=");
    const csp = response.headers()["content-security-policy"] ?? "";
    const hashes = csp.match(/'sha256-[^']+'/g) ?? [];
    expect(hashes.length).toBe(new Set(scripts.map(([, , body]) => body)).size);
  });
}

test("a signed-in visitor asking for /login is sent on before any HTML", async ({ loginRequest }) => {
  const { request } = await loginRequest(newAccount());
  const response = await request.get("/login", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/dashboard");
  expect(response.headers().etag).toBeUndefined();
  expect(response.headers().vary).toContain("Cookie");
  expect(await response.text()).not.toContain("<html");
});

test("a guest page with a query is rendered for that request, with this response's nonce", async ({
  request,
}) => {
  for (const path of ["/login?mode=signup", "/login?redirect=%2Fdashboard", "/forgot-password?x=1"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers().etag, path).toBeUndefined();
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    for (const [, attributes] of inlineScripts(await response.text())) {
      expect(attributes, path).toContain(`nonce="${nonce}"`);
    }
  }
  // The signup mode is the page's own answer to its query, not the stored sign-in copy.
  expect(await (await request.get("/login?mode=signup")).text()).toContain("Create account");
});
