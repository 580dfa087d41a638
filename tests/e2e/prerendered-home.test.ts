import { readFileSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { APP_NAME } from "../fixtures/app-name";
import { test } from "../fixtures/signed-in";

const built = (file: string) => readFileSync(`build/client/${file}`, "utf8");

/**
 * The payload the click's navigation fetches. Hovering the link may prefetch
 * it first (`<link rel=prefetch>`), and Chromium keeps no body for those.
 */
const navigationData = (page: Page) =>
  page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/_.data" && response.request().resourceType() === "fetch",
  );

test("a guest gets the landing page prerendered at build time", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  expect(await response.text()).toBe(built("index.html"));
  expect(response.headers()["cache-control"]).toBe("public, no-cache");
  expect(response.headers().vary).toBe("Cookie, Accept-Encoding, Accept-Language");

  const again = await request.get("/", { headers: { "If-None-Match": response.headers().etag ?? "" } });
  expect(again.status()).toBe(304);
});

test("a visitor with a session cookie gets a server render with their header", async ({ loginRequest }) => {
  const { request } = await loginRequest(newAccount("Grace Hopper"));
  const response = await request.get("/");
  const html = await response.text();
  expect(html).not.toBe(built("index.html"));
  expect(html).toContain("Go to dashboard");
  expect(html).toContain(">Account menu for Grace Hopper<");
  expect(response.headers().vary).toContain("Cookie");
});

test("a guest's client navigation to / uses the static payload", async ({ page }) => {
  await page.goto("/login");
  const payload = navigationData(page);
  await page.getByRole("banner").getByRole("link", { name: APP_NAME }).click();
  const response = await payload;
  expect(await response.text()).toBe(built("_.data"));
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("a signed-in visitor's client navigation to / never shows the guest page", async ({ login, page }) => {
  await login(newAccount("Grace Hopper"));
  await page.goto("/dashboard");
  const payload = navigationData(page);
  await page.getByRole("banner").getByRole("link", { name: APP_NAME }).click();
  // The server's render for this person, not the shared static file
  // (Chromium does not always keep a no-store body for the test to read).
  expect((await payload).headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByRole("link", { name: "Go to dashboard" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveCount(0);
});
