import { expect, test } from "@playwright/test";
import { pseudoText } from "../../../scripts/i18n/pseudo.ts";
import { newAccount } from "../../../tests/fixtures/accounts";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { createSignedInAccount } from "../../../tests/fixtures/signed-in";
import { ADMIN_AUDIT_PATH, ADMIN_PATH, adminAccountPath } from "./constants";
import { createAdministrator, signInContext } from "./e2e-fixtures";

// The admin console in the pseudo-locale (docs/i18n.md): every word from a catalogue, none left in the
// code, and axe finds nothing. Its lists are narrowed to this test's people: the suite's other
// journeys add accounts and entries meanwhile.
test.use({ locale: PSEUDO_LOCALE });

test("the admin console's account page and its trail speak only the catalogues' words", async ({ page }) => {
  // Three states, each checked by axe in both colour modes.
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

  await page.goto(`${ADMIN_AUDIT_PATH}?admin=${encodeURIComponent(admin.userId)}`);
  await expect(page.getByRole("link", { name: person.email }).first()).toBeVisible();
  await expectPseudoLocalized(page, "the audit trail", names);
});

test("the admin console's list of accounts and its needs-second-factor page speak only the catalogues' words", async ({
  page,
}) => {
  // Two pages, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await createSignedInAccount(newAccount("Ada Pseudo"));
  const admin = await createAdministrator();
  await signInContext(page.context(), admin);
  await page.goto(`${ADMIN_PATH}?q=${encodeURIComponent(person.email)}`);
  await expect(page.getByRole("link", { name: person.name })).toBeVisible();
  await expectPseudoLocalized(page, "the accounts", [
    APP_NAME,
    person.name,
    person.email,
    admin.name,
    admin.email,
  ]);

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

/** What a message reads as in the pseudo-locale, from its English text before and after one argument. */
const pseudoAround = (before: string, argument: string, after = "") =>
  `⟦${pseudoText(before)}${argument}${pseudoText(after)}⟧`;

test("a suspension and a support sign-in speak only the catalogues' words", async ({ page }) => {
  // Three states, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const suspended = await createSignedInAccount(newAccount("Ada Suspended"));
  const supported = await createSignedInAccount(newAccount("Ada Supported"));
  const admin = await createAdministrator();
  await signInContext(page.context(), admin);
  const reason = "Checking the words";
  const people = [suspended, supported, admin].flatMap((person) => [person.name, person.email]);
  const names = [APP_NAME, ...people, reason];

  await page.goto(adminAccountPath(suspended.userId));
  const suspend = page.getByRole("form", { name: pseudoAround("Suspend ", suspended.email) });
  await suspend.getByLabel(pseudo("Reason")).fill(reason);
  await suspend.getByLabel(pseudo("End date (optional)")).fill("2099-12-31");
  await suspend.getByRole("button", { name: pseudo("Suspend account") }).click();
  await expect(
    page.getByRole("form", { name: pseudoAround("Lift the suspension of ", suspended.email) }),
  ).toBeVisible();
  await expectPseudoLocalized(page, "a suspended account's page", names);

  await page.goto(adminAccountPath(supported.userId));
  await waitForHydration(page);
  const signInAs = page.getByRole("form", { name: pseudoAround("Sign in as ", supported.name) });
  await signInAs.getByLabel(pseudo("Reason")).fill(reason);
  await signInAs.getByRole("button", { name: pseudoAround("Sign in as ", supported.name) }).click();
  await page.waitForURL("**/dashboard");
  await expect(page.getByRole("region", { name: pseudo("Support sign-in") })).toBeVisible();
  await expectPseudoLocalized(page, "the dashboard, signed in for support", names);
  await page
    .getByRole("region", { name: pseudo("Support sign-in") })
    .getByRole("button", { name: pseudo("Stop") })
    .click();
  await page.waitForURL(`**${adminAccountPath(supported.userId)}`);
  await expect(page.getByRole("heading", { level: 1, name: supported.name })).toBeVisible();
  await expectPseudoLocalized(page, "an account's page, after a support sign-in", names);
});
