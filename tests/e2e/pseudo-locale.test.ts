import { test } from "@playwright/test";
import { newAccount, startSignUpByRequest } from "../fixtures/accounts";
import { expectPseudoLocalized, PSEUDO_LOCALE } from "../fixtures/pseudo-locale";

// The accessibility journeys' pages in the pseudo-locale (docs/i18n.md): every word from a
// catalogue, none left in the code, and axe still finds nothing with words some 40 % longer.
// The guest pages; the signed-in ones are in pseudo-locale-dashboard.test.ts, and each feature's in
// its folder (app/features/<name>/pseudo-locale.e2e.ts).
test.use({ locale: PSEUDO_LOCALE });

test("the guest pages speak only the catalogues' words", async ({ page }) => {
  // Nine pages, each checked by axe in both colour modes: as long as the accessibility journeys may take.
  test.setTimeout(90_000);
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
