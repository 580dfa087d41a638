import { expect } from "@playwright/test";
import { newAccount, sameOrigin } from "../fixtures/accounts";
import { test } from "../fixtures/signed-in";

test.describe("server guards answer before any HTML", () => {
  test("a guest asking for /dashboard is redirected to sign in", async ({ request }) => {
    const response = await request.get("/dashboard", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/login?redirect=/dashboard");
    expect(await response.text()).not.toContain("<html");
  });

  test("the query string survives the trip", async ({ request }) => {
    const response = await request.get("/dashboard?tab=sessions", { maxRedirects: 0 });
    expect(response.headers().location).toBe("/login?redirect=/dashboard%3Ftab%3Dsessions");
  });

  test("a signed-in visitor asking for /login goes to the dashboard", async ({ loginRequest }) => {
    const { request } = await loginRequest(newAccount());
    const response = await request.get("/login", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/dashboard");
  });
});

test.describe("client guards on in-app navigation", () => {
  test("a guest following a link to /dashboard lands on sign-in without a page load", async ({
    login,
    page,
  }) => {
    await login(newAccount());
    await page.goto("/");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same document";
    });
    // The session ends behind the page's back; its header still offers Dashboard.
    await page.request.delete("/api/_auth/session", { headers: sameOrigin });
    await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();

    await expect(page).toHaveURL("/login?redirect=/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "same document",
    );
  });

  test("a visitor who signed in elsewhere following a link to /login lands on the dashboard", async ({
    login,
    page,
  }) => {
    await page.goto("/");
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = "same document";
    });
    await login(newAccount());
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();

    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: /Welcome back, Ada/ })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      "same document",
    );
  });
});

test.describe("the first paint knows the session", () => {
  test("the server renders a signed-in visitor's header and call to action", async ({ loginRequest }) => {
    const { request } = await loginRequest(newAccount("Grace Hopper"));
    const response = await request.get("/");
    const html = await response.text();
    expect(html).toContain(">Account menu for Grace Hopper<");
    expect(html).toContain("Go to dashboard");
    expect(html).not.toContain('href="/login"');
    expect(response.headers()["cache-control"]).toBe("private, no-store");
  });

  test("a guest's page offers sign-in", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html).toContain('href="/login"');
    expect(html).not.toContain("Go to dashboard");
  });
});
