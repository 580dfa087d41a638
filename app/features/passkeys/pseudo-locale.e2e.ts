import { expect, test } from "@playwright/test";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";
import { addVirtualAuthenticator } from "./e2e-fixtures";

// The Passkeys card in the pseudo-locale (docs/i18n.md), with a passkey and its rename open: every
// word from a catalogue, none left in the code, and axe finds nothing. (The dashboard's journey
// checks the card without a passkey.)
test.use({ locale: PSEUDO_LOCALE });

test("the Passkeys card with a passkey speaks only the catalogues' words", async ({ page }) => {
  // Two states, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await openDashboardAs(page);
  await addVirtualAuthenticator(page);
  const passkeyName = "Ada's laptop";
  // The person's name, address and passkey's name are theirs, not the catalogues'.
  const names = [APP_NAME, person.name, person.email, passkeyName];
  await page.getByLabel(pseudo("Passkey name (optional)")).fill(passkeyName);
  await page.getByRole("button", { name: pseudo("Add passkey") }).click();
  const passkeys = page.getByRole("list", { name: pseudo("Your passkeys") });
  await expect(passkeys.getByText(passkeyName)).toBeVisible();
  await expectPseudoLocalized(page, "the Passkeys card with a passkey", names);

  await passkeys.locator("summary").click();
  await expect(passkeys.getByRole("button", { name: pseudo("Save") })).toBeVisible();
  await expectPseudoLocalized(page, "a passkey's rename open", names);
});
