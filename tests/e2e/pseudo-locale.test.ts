import { expect, test } from "@playwright/test";
import { pseudoText } from "../../scripts/i18n/pseudo.ts";
import { newAccount, startSignUpByRequest } from "../fixtures/accounts";
import { APP_NAME } from "../fixtures/app-name";
import { waitForElementHydration, waitForHydration } from "../fixtures/page-state";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../fixtures/pseudo-locale";
import { openDashboardAs } from "../fixtures/signed-in";

// The accessibility journeys' pages in the pseudo-locale (docs/i18n.md): every word from a
// catalogue, none left in the code, and axe still finds nothing with words some 40 % longer.
test.use({ locale: PSEUDO_LOCALE });

test("the guest pages speak only the catalogues' words", async ({ page }) => {
  const checkInbox = (await startSignUpByRequest(page.request, newAccount())).headers().location ?? "";
  for (const path of [
    "/",
    "/login",
    "/login?mode=signup",
    "/forgot-password",
    "/no/such/page",
    checkInbox,
    "/confirm-sign-up?id=no-longer-valid",
    "/reset-password?token=no-longer-valid",
    "/sign-out-everywhere?token=no-longer-valid",
  ]) {
    await page.goto(path);
    await expectPseudoLocalized(page, path);
  }
});

test("the dashboard speaks only the catalogues' words, also with its menus and dialog open", async ({
  page,
}) => {
  const { name } = await openDashboardAs(page);
  // The person's own name is theirs, not the catalogues'.
  const check = (label: string) => expectPseudoLocalized(page, label, [APP_NAME, name]);
  await check("/dashboard");
  await page.locator("header summary").click();
  await check("the language switch open");
  await page.reload();
  await waitForHydration(page);
  const accountMenu = page.getByRole("button", { name: new RegExp(`^⟦${pseudoText("Account menu for ")}`) });
  await waitForElementHydration(accountMenu);
  await accountMenu.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await check("the account menu open");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: pseudo("Delete account…") }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await check("the delete-account dialog");
});
