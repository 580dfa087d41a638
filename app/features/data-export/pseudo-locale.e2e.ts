import { expect, test } from "@playwright/test";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";

// The data export in the pseudo-locale (docs/i18n.md): its card is on the dashboard (checked by the
// dashboard's journey); after a download, the dashboard's activity says so in the catalogue's words.
test.use({ locale: PSEUDO_LOCALE });

test("the dashboard after a data download speaks only the catalogues' words", async ({ page }) => {
  // One page, checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await openDashboardAs(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: pseudo("Download my data") }).click();
  await downloading;
  await page.reload();
  await expect(page.getByRole("list", { name: pseudo("Recent activity") })).toContainText(
    pseudo("Downloaded your data"),
  );
  await expectPseudoLocalized(page, "the dashboard, its data downloaded", [
    APP_NAME,
    person.name,
    person.email,
  ]);
});
