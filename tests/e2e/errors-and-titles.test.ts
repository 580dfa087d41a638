import { expect, test } from "@playwright/test";
import { newAccount, signUpByRequest } from "../fixtures/accounts";

test.describe("titles", () => {
  test("the landing page is the app name alone", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("React Starter");
  });

  test("a page with a title of its own uses the template", async ({ page }) => {
    await page.goto("/login");
    await expect(page).toHaveTitle("Sign in | React Starter");
  });

  test("a page without one falls back to its last path segment", async ({ page }) => {
    await signUpByRequest(page.request, newAccount());
    await page.goto("/dashboard");
    await expect(page).toHaveTitle("Dashboard | React Starter");
  });

  test("the title follows client navigation", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveTitle("Sign in | React Starter");
  });

  test("creating an account is titled as such, loaded or switched to", async ({ page }) => {
    await page.goto("/login?mode=signup");
    await expect(page).toHaveTitle("Create account | React Starter");
    await page.getByRole("link", { name: "Sign in instead" }).click();
    await expect(page).toHaveTitle("Sign in | React Starter");
    await page.getByRole("link", { name: "Create an account" }).click();
    await expect(page).toHaveTitle("Create account | React Starter");
  });
});

test.describe("404", () => {
  test("an unknown path answers 404 with the app's error page", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 - Page Not Found | React Starter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
    await expect(page.getByTestId("error-message")).toHaveText("Page Not Found: /no/such/page");
    await expect(page.getByText("The address may be mistyped, or the page has moved.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to home" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("signed in, the 404 page leads back to the dashboard", async ({ page }) => {
    await signUpByRequest(page.request, newAccount());
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
    await expect(page).toHaveTitle("404 - Page Not Found | React Starter");
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
    await expect(page).toHaveTitle("500 - Internal Server Error | React Starter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
    const html = (await response?.text()) ?? "";
    expect(html).not.toContain("Deliberate server failure");
    expect(html).not.toMatch(/at .+\.(js|ts):\d+/);
  });

  test("a failure in the browser shows the error page to people", async ({ page }) => {
    page.on("pageerror", () => {});
    await page.goto("/__e2e/crash?where=browser");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Internal Server Error");
    await expect(page).toHaveTitle("500 - Internal Server Error | React Starter");
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
