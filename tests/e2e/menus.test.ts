import { expect } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { waitForHydration } from "../fixtures/page-state";
import { openDashboardAs, test } from "../fixtures/signed-in";

test("before their code loads, menu and dialog buttons say what they open, and ArrowDown opens a menu the first time", async ({
  page,
}) => {
  await openDashboardAs(page);
  const account = page.getByRole("button", { name: "Account menu for Ada Lovelace" });
  const colourMode = page.getByRole("button", { name: /^Colour mode/ });
  const deleteAccount = page.getByRole("button", { name: "Delete account…" });
  for (const trigger of [account, colourMode]) {
    await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  }
  await expect(deleteAccount).toHaveAttribute("aria-haspopup", "dialog");
  await expect(deleteAccount).toHaveAttribute("aria-expanded", "false");

  await account.focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menu")).toBeVisible();
  // Found by its text: a modal menu hides the rest of the page from the accessibility tree.
  await expect(page.locator("header button", { hasText: "Account menu for Ada Lovelace" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(page.getByRole("menuitem", { name: "Dashboard" })).toBeVisible();
});

test("Tab closes an open menu and gives the focus back to its button", async ({ page }) => {
  await openDashboardAs(page);
  const account = page.getByRole("button", { name: "Account menu for Ada Lovelace" });
  await account.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(account).toHaveAttribute("aria-expanded", "false");
  await expect(account).toBeFocused();
  // It opens again as usual.
  await account.click();
  await expect(page.getByRole("menu")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the account menu stays on the screen, however long the name", async ({ login, page }) => {
    await login(newAccount(`Maximiliana ${"Wolfeschlegelsteinhausen".repeat(3)} Junior`));
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.getByRole("button", { name: /^Account menu for Maximiliana/ }).click();
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  });
});
