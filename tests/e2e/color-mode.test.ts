import { expect, type Page, test } from "@playwright/test";
import { APP_NAME } from "../fixtures/app-name";

const KEY = "nuxt-color-mode";

const htmlClass = (page: Page) => page.evaluate(() => document.documentElement.className);
const storedMode = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEY);

async function storePreference(page: Page, mode: string) {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [KEY, mode] as const);
}

/** The app's own scripts never load: only the inline head script can act. */
async function blockAppScripts(page: Page) {
  await page.route("**/assets/*.js", (route) => route.abort());
}

test.describe("before any app script runs (no flash)", () => {
  test("a stored dark preference paints dark", async ({ page }) => {
    await blockAppScripts(page);
    await storePreference(page, "dark");
    await page.goto("/", { waitUntil: "domcontentloaded" });
    expect(await htmlClass(page)).toContain("dark");
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe("dark");
  });

  test("system follows the operating system", async ({ page }) => {
    await blockAppScripts(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/login", { waitUntil: "domcontentloaded" });
    expect(await htmlClass(page)).toContain("dark");

    await page.emulateMedia({ colorScheme: "light" });
    await page.reload({ waitUntil: "domcontentloaded" });
    expect(await htmlClass(page)).toContain("light");
  });

  test("a forced page paints its mode whatever the preference", async ({ page }) => {
    await blockAppScripts(page);
    await storePreference(page, "light");
    await page.goto("/__e2e/forced-dark", { waitUntil: "domcontentloaded" });
    expect(await htmlClass(page)).toContain("dark");
  });
});

// An error page too, opened first: it is hydrated like any other, and what waits for that starts.
for (const path of ["/", "/no/such/page"]) {
  test(`system mode follows the OS setting live (${path})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto(path);
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(page.locator("html")).toHaveClass(/\blight\b/);
  });
}

test("the switcher stores the choice and works by keyboard", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const trigger = page.getByRole("button", { name: "Colour mode: System" });
  await trigger.click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await storedMode(page)).toBe("dark");

  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  const darkTrigger = page.getByRole("button", { name: "Colour mode: Dark" });
  await darkTrigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
  await page.getByRole("menuitemradio", { name: "Light" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  expect(await storedMode(page)).toBe("light");
  await expect(page.getByRole("button", { name: "Colour mode: Light" })).toBeFocused();
});

test("a forced mode wins on its route only and leaves the preference alone", async ({ page }) => {
  await storePreference(page, "light");
  await page.goto("/__e2e/forced-dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.locator("html")).toHaveAttribute("data-color-mode-forced", "dark");

  await page.getByRole("banner").getByRole("link", { name: APP_NAME }).click();
  await expect(page).toHaveURL("/");
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await expect(page.locator("html")).not.toHaveAttribute("data-color-mode-forced", /.*/);
  expect(await storedMode(page)).toBe("light");
});

test("forcing system is refused with a warning", async ({ page }) => {
  const warnings: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") warnings.push(message.text());
  });
  await storePreference(page, "dark");
  await page.goto("/__e2e/forced-system");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect.poll(() => warnings).toContain("You cannot force the colorMode to system at the page level.");
  await expect(page.locator("html")).not.toHaveAttribute("data-color-mode-forced", /.*/);
});

test("other tabs follow a change", async ({ page, context }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const other = await context.newPage();
  await other.emulateMedia({ colorScheme: "light" });
  await other.goto("/login");
  await expect(other.locator("html")).toHaveClass(/\blight\b/);

  await page.getByRole("button", { name: /Colour mode/ }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(other.locator("html")).toHaveClass(/\bdark\b/);
});
