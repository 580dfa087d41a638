import { expect, test } from "@playwright/test";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";
import { authenticator } from "./test-fixtures";

// Two-step sign-in's settings in the pseudo-locale (docs/i18n.md), in each state it passes through
// while it is turned on: every word from a catalogue, none left in the code, and axe finds nothing.
test.use({ locale: PSEUDO_LOCALE });

test("two-step sign-in's settings speak only the catalogues' words, in every state", async ({ page }) => {
  // Four states, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await openDashboardAs(page);
  // The person's own name and address are theirs; the key and the recovery codes are codes, in <code>.
  const names = [APP_NAME, person.name, person.email];
  await page.getByRole("link", { name: pseudo("Turn on") }).click();
  await expect(page.getByRole("heading", { level: 1, name: pseudo("Two-step sign-in") })).toBeVisible();
  await expectPseudoLocalized(page, "/dashboard/two-factor, off", names);

  await page.getByRole("button", { name: pseudo("Turn on") }).click();
  await expect(
    page.getByRole("img", { name: pseudo("QR code of the secret for your authenticator app") }),
  ).toBeVisible();
  await expectPseudoLocalized(page, "/dashboard/two-factor, setting up", names);
  const key = (await page.locator("code").textContent()) ?? "";
  await page.getByLabel(pseudo("Code from the app")).fill(authenticator(key).next());
  await page.getByRole("button", { name: pseudo("Turn on") }).click();
  await expect(page.getByRole("heading", { name: pseudo("Save your recovery codes") })).toBeVisible();
  await expectPseudoLocalized(page, "/dashboard/two-factor, its recovery codes", names);

  await page.reload();
  await expect(page.getByRole("button", { name: pseudo("Turn off") })).toBeVisible();
  await expectPseudoLocalized(page, "/dashboard/two-factor, on", names);
});
