import { expect, type Page, test } from "@playwright/test";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { linkIn, waitForMail } from "../../../tests/fixtures/mailbox";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";
import { newAddress } from "./e2e-fixtures";

// The email change in the pseudo-locale (docs/i18n.md), the whole way: asked for on the dashboard,
// confirmed from the new address's mail, then undone from the old one's. Every word from a catalogue,
// none left in the code, and axe finds nothing.
test.use({ locale: PSEUDO_LOCALE });

/** Any mail: the mails are in the pseudo-locale too, so their subjects are not the English ones. */
const ANY_SUBJECT = /./;

test("asking for and confirming an email change speak only the catalogues' words", async ({ page }) => {
  // Three states, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await openDashboardAs(page);
  const email = newAddress();
  // The person's own name and addresses are theirs, not the catalogues'.
  const names = [APP_NAME, person.name, person.email, email];
  await changeAddressInPseudoLocale(page, email, (label) => expectPseudoLocalized(page, label, names));
});

test("undoing an email change speaks only the catalogues' words", async ({ page }) => {
  // Two states, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await openDashboardAs(page);
  const email = newAddress();
  const names = [APP_NAME, person.name, person.email, email];
  await changeAddressInPseudoLocale(page, email);
  await page.goto(linkIn(await waitForMail(person.email, ANY_SUBJECT), "/undo-email-change"));
  const undo = page.getByRole("button", { name: pseudo("Undo and sign out everywhere") });
  await expect(undo).toBeVisible();
  await expectPseudoLocalized(page, "/undo-email-change", names);
  await undo.click();
  await expect(page.getByRole("heading", { name: pseudo("Email change undone") })).toBeVisible();
  await expectPseudoLocalized(page, "/undo-email-change, done", names);
});

/** Moves the dashboard's account to `email` the whole way, in the pseudo-locale, `check`ing each state it passes. */
async function changeAddressInPseudoLocale(
  page: Page,
  email: string,
  check: (label: string) => Promise<void> = async () => {},
) {
  await page.getByLabel(pseudo("New email address")).fill(email);
  await page.getByRole("button", { name: pseudo("Send link") }).click();
  await expect(page.getByText(email)).toBeVisible();
  await check("the dashboard, a link sent to a new address");
  await page.goto(linkIn(await waitForMail(email, ANY_SUBJECT), "/change-email"));
  const confirm = page.getByRole("button", { name: pseudo("Use this email address") });
  await expect(confirm).toBeVisible();
  await check("/change-email");
  await confirm.click();
  await expect(page.getByRole("heading", { name: pseudo("Email address changed") })).toBeVisible();
  await check("/change-email, done");
}
