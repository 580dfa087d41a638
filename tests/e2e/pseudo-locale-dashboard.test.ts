import { expect, test } from "@playwright/test";
import { pseudoText } from "../../scripts/i18n/pseudo.ts";
import { newAccount, signInByRequest } from "../fixtures/accounts";
import { APP_NAME } from "../fixtures/app-name";
import { makeUnverified } from "../fixtures/database";
import { waitForElementHydration, waitForHydration } from "../fixtures/page-state";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../fixtures/pseudo-locale";
import { openDashboardAs } from "../fixtures/signed-in";

// The signed-in pages of the core in the pseudo-locale (docs/i18n.md): every word from a catalogue,
// none left in the code, and axe still finds nothing with words some 40 % longer. Each feature checks
// its own pages in its folder (app/features/<name>/pseudo-locale.e2e.ts); the dashboard holds every
// listed feature's cards too.
test.use({ locale: PSEUDO_LOCALE });

test("the dashboard, its account menu and its delete-account dialog speak only the catalogues' words", async ({
  page,
}) => {
  // Three states, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await openDashboardAs(page);
  // The person's own name and address are theirs, not the catalogues'.
  const names = [APP_NAME, person.name, person.email];
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectPseudoLocalized(page, "/dashboard", names);

  const accountMenu = page.getByRole("button", { name: new RegExp(`^⟦${pseudoText("Account menu for ")}`) });
  await waitForElementHydration(accountMenu);
  await accountMenu.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectPseudoLocalized(page, "the account menu", names);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);

  await page.getByRole("button", { name: pseudo("Delete account…") }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expectPseudoLocalized(page, "the delete-account dialog", names);
  await dialog.getByRole("button", { name: pseudo("Cancel") }).click();
  await expect(dialog).toHaveCount(0);
});

test("the dashboard's banner, another browser's session and a refused form speak only the catalogues' words", async ({
  page,
  browser,
}) => {
  // Two states, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const account = newAccount();
  await openDashboardAs(page, account);
  const names = [APP_NAME, account.name, account.email];
  // An address not confirmed yet (an account from before email-first sign-up), and a second browser.
  await makeUnverified(account.email);
  const other = await browser.newContext({
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0",
  });
  await signInByRequest(other.request, account);
  await other.close();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("list", { name: pseudo("Active sessions") }).getByRole("listitem")).toHaveCount(
    2,
  );
  await expectPseudoLocalized(page, "/dashboard, an address to confirm and two sessions", names);

  await page.getByLabel(pseudo("Current password")).fill("not the password");
  await page.getByLabel(pseudo("New password")).fill("a new password that is long enough");
  await page.getByRole("button", { name: pseudo("Change password") }).click();
  await expect(page.getByText(pseudo("That is not your current password."))).toBeVisible();
  await expectPseudoLocalized(page, "/dashboard, a password change refused", names);
});
