import { expect } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { pageTitle } from "../fixtures/app-name";
import { test } from "../fixtures/signed-in";

test.describe("titles", () => {
  test("the landing page is the app name alone", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(pageTitle());
  });

  test("a page with a title of its own uses the template", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle(pageTitle("Sign in"));
  });

  test("a page without one falls back to its last path segment", async ({ login, page }) => {
    await login(newAccount());
    await page.goto("/dashboard");
    await expect(page).toHaveTitle(pageTitle("Dashboard"));
  });

  test("the title follows client navigation", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveTitle(pageTitle("Sign in"));
  });

  test("creating an account is titled as such, loaded or switched to", async ({ page }) => {
    await page.goto("/login?mode=signup");
    await expect(page).toHaveTitle(pageTitle("Create account"));
    await page.getByRole("link", { name: "Sign in instead" }).click();
    await expect(page).toHaveTitle(pageTitle("Sign in"));
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveTitle(pageTitle("Create account"));
  });
});

test.describe("404", () => {
  test("an unknown path answers 404 with the app's error page", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle(pageTitle("404 - Page Not Found"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByTestId("error-message")).toHaveText("Page Not Found: /no/such/page");
    await expect(page.getByText("The address may be mistyped, or the page has moved.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("signed in, the 404 page leads back to the dashboard", async ({ login, page }) => {
    await login(newAccount());
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await page.getByRole("main").getByRole("link", { name: "Go to your dashboard" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("the path in the message is escaped, never markup", async ({ page, request }) => {
    const path = "/<img src=x onerror=alert(1)>";
    const html = await (await request.get(path)).text();
    expect(html).not.toContain("<img src=x");
    await page.goto(path);
    await expect(page.getByTestId("error-message")).toContainText("Page Not Found: /%3Cimg");
    await expect(page.locator("img[src=x]")).toHaveCount(0);
  });

  test("client navigation to an unknown path shows the same page", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => {
      const link = document.createElement("a");
      link.href = "/missing-page";
      link.textContent = "broken link";
      document.body.prepend(link);
    });
    await page.getByRole("link", { name: "broken link" }).click();
    await expect(page).toHaveTitle(pageTitle("404 - Page Not Found"));
    await expect(page.getByTestId("error-message")).toHaveText("Page Not Found: /missing-page");
  });

  test("an unknown API path is a JSON 404", async ({ request }) => {
    const response = await request.get("/api/nope");
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: "Not Found" });
  });
});

test.describe("500", () => {
  test("a server failure answers 500 without a stack trace", async ({ page }) => {
    const response = await page.goto("/__e2e/crash?where=server");
    expect(response?.status()).toBe(500);
    await expect(page).toHaveTitle(pageTitle("500 - Internal Server Error"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain("Deliberate server failure");
    expect(html).not.toMatch(/at .+\.(js|ts):\d+/);
  });

  test("a failure in the browser shows the error page to people", async ({ page }) => {
    page.on("pageerror", () => {});
    await page.goto("/__e2e/crash?where=browser");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
    await expect(page).toHaveTitle(pageTitle("500 - Internal Server Error"));
  });
});

test.describe("crawlers", () => {
  test.use({ userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });

  test("keep the server-rendered page when it fails in their browser", async ({ page }) => {
    const logged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") logged.push(message.text());
    });
    const response = await page.goto("/__e2e/crash?where=browser");
    expect(response?.status()).toBe(200);
    await expect.poll(() => logged.some((text) => text.includes("Kept the server-rendered page"))).toBe(true);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Server-rendered content");
    await expect(page.locator("[data-error-page]")).toHaveCount(0);
  });

  test("get the same 404 as everyone", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-message")).toHaveText("Page Not Found: /no/such/page");
  });
});
