import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { queryAll, sqlTrue } from "../../../tests/fixtures/database";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { createAccount, openDashboardAs } from "../../../tests/fixtures/signed-in";
import { authenticator } from "./test-fixtures";

// Two-step sign-in in the pseudo-locale (docs/i18n.md): its settings in each state it passes through
// while it is turned on, the dashboard's card, and the code step of a sign-in. Every word from a
// catalogue, none left in the code, and axe finds nothing.
test.use({ locale: PSEUDO_LOCALE });

test("two-step sign-in's settings and its dashboard card speak only the catalogues' words, in every state", async ({
  page,
}) => {
  // Five states, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await openDashboardAs(page);
  await turnOnInPseudoLocale(page, [APP_NAME, person.name, person.email]);
});

test("two-step sign-in's code step speaks only the catalogues' words", async ({ browser }) => {
  // Two pages, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  const person = await createAccount();
  const names = [APP_NAME, person.name, person.email];
  // Turned on straight in the database: the code step asks for a code and never reads the secret.
  await queryAll([
    { text: `UPDATE "user" SET "twoFactorEnabled" = ${sqlTrue()} WHERE "id" = ?`, params: [person.userId] },
    {
      text: `INSERT INTO "twoFactor" ("id", "secret", "backupCodes", "userId", "verified") VALUES (?, 'unused', '[]', ?, ${sqlTrue()})`,
      params: [randomUUID(), person.userId],
    },
  ]);
  // A browser of its own (the suite's contexts are in the pseudo-locale), its password sent: the code
  // step, for the app's code and for a recovery code.
  const context = await browser.newContext();
  const codeStep = await context.newPage();
  await codeStep.goto("/login");
  await waitForHydration(codeStep);
  await codeStep.getByLabel(pseudo("Email"), { exact: true }).fill(person.email);
  await codeStep.getByLabel(pseudo("Password"), { exact: true }).fill(person.password);
  await codeStep.getByRole("button", { name: pseudo("Sign in"), exact: true }).click();
  await codeStep.waitForURL(/\/login\/two-factor\?/);
  await expect(codeStep.getByLabel(pseudo("Authenticator code"))).toBeVisible();
  await expectPseudoLocalized(codeStep, "/login/two-factor", names);
  await codeStep.getByRole("link", { name: pseudo("Use a recovery code instead") }).click();
  await expect(codeStep.getByLabel(pseudo("Recovery code"))).toBeVisible();
  await expectPseudoLocalized(codeStep, "/login/two-factor, a recovery code", names);
  await context.close();
});

/**
 * From the dashboard, in the pseudo-locale: "Turn on", the QR code and key, the first code, the
 * recovery codes, then the settings and the dashboard's card with it on, each state checked. The
 * person's name and address are `names`; the key and the recovery codes are codes, marked translate="no".
 */
async function turnOnInPseudoLocale(page: Page, names: string[]) {
  const at = (label: string) => expectPseudoLocalized(page, label, names);
  await page.getByRole("link", { name: pseudo("Turn on") }).click();
  await expect(page.getByRole("heading", { level: 1, name: pseudo("Two-step sign-in") })).toBeVisible();
  await at("/dashboard/two-factor, off");
  await page.getByRole("button", { name: pseudo("Turn on") }).click();
  await expect(
    page.getByRole("img", { name: pseudo("QR code of the secret for your authenticator app") }),
  ).toBeVisible();
  await at("/dashboard/two-factor, setting up");
  const key = (await page.locator("code").textContent()) ?? "";
  await page.getByLabel(pseudo("Code from the app")).fill(authenticator(key).next());
  await page.getByRole("button", { name: pseudo("Turn on") }).click();
  await expect(page.getByRole("heading", { name: pseudo("Save your recovery codes") })).toBeVisible();
  await at("/dashboard/two-factor, its recovery codes");
  await page.reload();
  await expect(page.getByRole("button", { name: pseudo("Turn off") })).toBeVisible();
  await at("/dashboard/two-factor, on");
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: pseudo("Manage") })).toBeVisible();
  await at("the dashboard, two-step sign-in on");
}
