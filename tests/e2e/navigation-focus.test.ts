import { expect, test } from "@playwright/test";
import { pageTitle } from "../fixtures/app-name";
import { waitForHydration } from "../fixtures/page-state";

test("the first Tab offers 'Skip to content', which takes the keyboard past the header", async ({ page }) => {
  await page.goto("/login");
  await waitForHydration(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
  // The next stop is inside the page, not the header's links.
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
});

test("without JavaScript the skip link works too", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await expect(page.getByRole("main")).toBeFocused();
  await context.close();
});

test("after a client navigation the focus is on the new page's heading and its title is announced", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const announcer = page.getByTestId("route-announcer");
  await expect(announcer).toHaveText("");
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeFocused();
  await expect(announcer).toHaveText(pageTitle("Sign in"));
  await expect(announcer).toHaveAttribute("aria-live", "polite");

  // Another page of the same route (its mode in the query) is a new page too.
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeFocused();
});
