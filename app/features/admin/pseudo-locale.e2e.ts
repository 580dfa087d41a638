import { expect, test } from "@playwright/test";
import { newAccount } from "../../../tests/fixtures/accounts";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { createSignedInAccount } from "../../../tests/fixtures/signed-in";
import { ADMIN_AUDIT_PATH, ADMIN_PATH, adminAccountPath } from "./constants";
import { createAdministrator, signInContext } from "./e2e-fixtures";

// The admin console in the pseudo-locale (docs/i18n.md): every word from a catalogue, none left in the
// code, and axe finds nothing. Its lists are narrowed to this test's people: the suite's other
// journeys add accounts and entries meanwhile.
test.use({ locale: PSEUDO_LOCALE });

test("the admin console's pages speak only the catalogues' words", async ({ page }) => {
  // Five pages, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await createSignedInAccount(newAccount("Ada Pseudo"));
  const admin = await createAdministrator();
  await signInContext(page.context(), admin);
  const reason = "Checking the words";
  // People's names and addresses, and the reason the administrator typed, are theirs.
  const names = [APP_NAME, person.name, person.email, admin.name, admin.email, reason];
  await page.goto(adminAccountPath(person.userId));
  await expect(page.getByRole("heading", { level: 1, name: person.name })).toBeVisible();
  await expectPseudoLocalized(page, "an account's page", names);
  const signOut = page.getByRole("form", { name: pseudo("Sign out everywhere") });
  await signOut.getByLabel(pseudo("Reason")).fill(reason);
  await signOut.getByRole("button", { name: pseudo("Sign out everywhere") }).click();
  await expect(page.getByText(pseudo("No browser is signed in."))).toBeVisible();
  await expectPseudoLocalized(page, "an account's page, its sessions ended", names);

  await page.goto(`${ADMIN_PATH}?q=${encodeURIComponent(person.email)}`);
  await expect(page.getByRole("link", { name: person.name })).toBeVisible();
  await expectPseudoLocalized(page, "the accounts", names);
  await page.goto(`${ADMIN_AUDIT_PATH}?admin=${encodeURIComponent(admin.userId)}`);
  await expect(page.getByRole("link", { name: person.email }).first()).toBeVisible();
  await expectPseudoLocalized(page, "the audit trail", names);

  const withoutSecondFactor = await createAdministrator({ secondFactor: false });
  await signInContext(page.context(), withoutSecondFactor);
  await page.goto(ADMIN_PATH);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectPseudoLocalized(page, "the needs-second-factor page", [
    APP_NAME,
    withoutSecondFactor.name,
    withoutSecondFactor.email,
  ]);
});
