import { expect, type Page, test } from "@playwright/test";
import { openDashboardAs } from "../fixtures/signed-in";

const SECTIONS = [
  "Account",
  "Sign-in methods",
  "Teams",
  "Projects",
  "Passkeys",
  "Two-step sign-in",
  "Sessions",
  "Recent activity",
  "Your data",
  "Danger zone",
];

/** The page's section headings (h2), top to bottom. */
async function sectionTops(page: Page): Promise<Record<string, number>> {
  const tops: Record<string, number> = {};
  for (const heading of await page.getByRole("main").getByRole("heading", { level: 2 }).all()) {
    tops[(await heading.textContent()) ?? ""] = (await heading.boundingBox())?.y ?? Number.NaN;
  }
  return tops;
}

test("the dashboard is a settings page: a side navigation, change password in view, the danger zone last and quiet", async ({
  page,
}) => {
  const account = await openDashboardAs(page);
  const nav = page.getByRole("navigation", { name: "Settings" });
  await expect(nav.getByRole("link")).toHaveText(SECTIONS);

  // Change password is a form in plain sight, not behind a disclosure.
  await expect(page.getByRole("form", { name: "Change password" })).toBeVisible();
  await expect(page.getByLabel("Current password")).toBeVisible();

  // The sections, in the navigation's order; the danger zone last.
  const tops = await sectionTops(page);
  const order = Object.entries(tops)
    .sort(([, a], [, b]) => a - b)
    .map(([title]) => title);
  expect(order).toEqual([
    "Account",
    "Sign-in methods",
    "Teams",
    "Projects",
    "Passkeys",
    "Two-step sign-in",
    "Active sessions",
    "Recent activity",
    "Your data",
    "Danger zone",
  ]);

  // Deleting is outlined, not the page's loudest (filled) button.
  const deleteButton = page.getByRole("button", { name: "Delete account…" });
  const [buttonBackground, pageBackground] = await Promise.all([
    deleteButton.evaluate((element) => getComputedStyle(element).backgroundColor),
    page.locator("html").evaluate((element) => getComputedStyle(element).backgroundColor),
  ]);
  expect(buttonBackground).toBe(pageBackground);

  // The address shows once on the page, and no second Sign out sits beside the greeting.
  await expect(page.getByRole("main").getByText(account.email, { exact: true })).toHaveCount(1);
  await expect(page.getByRole("main").getByRole("button", { name: "Sign out", exact: true })).toHaveCount(1);
  await expect(
    page
      .getByRole("list", { name: "Active sessions" })
      .getByRole("button", { name: "Sign out", exact: true }),
  ).toBeVisible();

  await nav.getByRole("link", { name: "Danger zone" }).click();
  await expect(page).toHaveURL(/#danger-zone$/);
  await expect(deleteButton).toBeInViewport();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("how you sign in comes before the activity log, and the navigation scrolls sideways", async ({
    page,
  }) => {
    await openDashboardAs(page);
    const tops = await sectionTops(page);
    expect(tops["Sign-in methods"]).toBeLessThan(tops["Recent activity"] ?? 0);
    expect(tops.Passkeys).toBeLessThan(tops["Recent activity"] ?? 0);
    // Nothing makes the page itself wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
