import { expect, type Page, test } from "@playwright/test";
import type { featureUis } from "../../app/features/ui";
import { importAppModule } from "../fixtures/app-modules";
import { openDashboardAs } from "../fixtures/signed-in";

/** The core's sections, whichever features are listed: the listed features' come between them. */
const CORE_SECTIONS = ["Account", "Sign-in methods", "Sessions", "Recent activity", "Danger zone"];

/** The listed features' sections (their `feature.tsx`), by their place in the navigation. */
async function featureSections(): Promise<{ id: string; label: string; order: number }[]> {
  const ui = await importAppModule<{ featureUis: typeof featureUis }>("/app/features/ui.ts");
  return (
    ui
      .featureUis()
      .flatMap((feature) => feature.dashboardSections ?? [])
      // A label is a message function (worded here in English, the suite's language) or a plain string.
      .map(({ id, label, order }) => ({ id, label: typeof label === "function" ? label() : label, order }))
      .sort((a, b) => a.order - b.order)
  );
}

/** The navigation's links, and how far down the page the section each links to begins, in the links' order. */
async function navigation(page: Page): Promise<{ label: string; id: string; top: number }[]> {
  const links = page.getByRole("navigation", { name: "Settings" }).getByRole("link");
  const found = [];
  for (const link of await links.all()) {
    const id = ((await link.getAttribute("href")) ?? "").replace(/^#/, "");
    const top = (await page.locator(`[id="${id}"]`).boundingBox())?.y ?? Number.NaN;
    found.push({ label: (await link.textContent()) ?? "", id, top });
  }
  return found;
}

test("the dashboard is a settings page: a side navigation, change password in view, the danger zone last and quiet", async ({
  page,
}) => {
  const [account, sections] = await Promise.all([openDashboardAs(page), featureSections()]);
  const nav = page.getByRole("navigation", { name: "Settings" });
  await expect(nav.getByRole("link")).toHaveCount(CORE_SECTIONS.length + sections.length);
  const links = await navigation(page);

  // The core's sections and the listed features', each once; the features' in their order.
  const labels = links.map((link) => link.label);
  expect([...labels].sort()).toEqual([...CORE_SECTIONS, ...sections.map((section) => section.label)].sort());
  expect(labels.filter((label) => !CORE_SECTIONS.includes(label))).toEqual(
    sections.map((section) => section.label),
  );
  expect(labels.filter((label) => CORE_SECTIONS.includes(label))).toEqual(CORE_SECTIONS);
  expect(labels[0]).toBe("Account");

  // Change password is a form in plain sight, not behind a disclosure.
  await expect(page.getByRole("form", { name: "Change password" })).toBeVisible();
  await expect(page.getByLabel("Current password")).toBeVisible();

  // The sections, in the navigation's order, top to bottom; the danger zone last.
  const tops = links.map((link) => link.top);
  expect(tops.every((top) => Number.isFinite(top))).toBe(true);
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  expect(labels.at(-1)).toBe("Danger zone");

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
    const links = await navigation(page);
    const tops = links.map((link) => link.top);
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    const top = (label: string) => links.find((link) => link.label === label)?.top ?? Number.NaN;
    expect(top("Sign-in methods")).toBeLessThan(top("Recent activity"));
    // Nothing makes the page itself wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
