import { expect, type Page, test } from "@playwright/test";

/** The relative luminance (0 black … 1 white) of an element's background, as painted. */
function backgroundLuminance(page: Page, selector: string): Promise<number> {
  return page.evaluate((selector) => {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`no ${selector}`);
    const canvas = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!canvas) throw new Error("no canvas");
    canvas.fillStyle = getComputedStyle(element).backgroundColor;
    canvas.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(canvas.getImageData(0, 0, 1, 1).data).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  }, selector);
}

test.use({ viewport: { width: 1280, height: 800 } });

test("sign in, create account and forgot password share one layout, its panel about the product", async ({
  page,
}) => {
  for (const path of ["/login", "/login?mode=signup", "/forgot-password"]) {
    await page.goto(path);
    const panel = page.getByRole("complementary");
    await expect(panel, path).toBeVisible();
    await expect(panel).toContainText("Your account, kept safe by default.");
    // What people get, not how it is built.
    await expect(page.locator("body")).not.toContainText(/scrypt|HttpOnly|React Router|Hono/);
  }
});

test("the landing page says what people get, with a picture of the product described in words", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("body")).not.toContainText(/scrypt|HttpOnly|React Router|Hono|better-auth/);
  await expect(page.getByRole("img", { name: /^A preview of the dashboard/ })).toBeVisible();
  const features = page
    .getByRole("region", { name: "What your account gives you" })
    .getByRole("heading", { level: 3 });
  await expect(features).toHaveText([
    "Passwords that hold",
    "Every session in view",
    "Told about every change",
    "Works for everyone",
  ]);
});

test("the header offers 'Sign in' everywhere but on the sign-in page itself", async ({ page }) => {
  const headerSignIn = page.getByRole("banner").getByRole("link", { name: "Sign in" });
  await page.goto("/forgot-password");
  await expect(headerSignIn).toBeVisible();
  await headerSignIn.click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
  await expect(headerSignIn).toHaveCount(0);
  await page.goto("/login?mode=signup");
  await expect(headerSignIn).toHaveCount(0);
});

test.describe("dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("the side panel is a deep, quiet colour, not the brightest thing on the page", async ({ page }) => {
    await page.goto("/login");
    const panel = await backgroundLuminance(page, "aside");
    const button = await backgroundLuminance(page, "main button[type=submit]");
    expect(panel).toBeLessThan(0.05);
    expect(panel).toBeLessThan(button);
  });
});
