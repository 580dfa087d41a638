import { expect, test } from "@playwright/test";
import { newAccount } from "../../../tests/fixtures/accounts";
import { makeUnverified } from "../../../tests/fixtures/database";
import { waitForMail } from "../../../tests/fixtures/mailbox";
import { CLAIMED_SUBJECT, resetPassword } from "../../../tests/fixtures/mailbox-proof";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";
import { passwordStepIn, turnOnTwoFactor, twoStepSetUpOf } from "./test-fixtures";

// An account made before email-first sign-up: a stranger could create one with
// someone else's address and turn on two-step sign-in. The first proof of the
// mailbox removes it.

test("the first proof also removes the two-step sign-in a stranger set up, and the browsers it trusts: the owner signs in with the password alone", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  const stranger = await browser.newContext();
  const strangersPage = await stranger.newPage();
  await openDashboardAs(strangersPage, account);
  const { app } = await turnOnTwoFactor(strangersPage);
  // Another browser of the stranger's, trusted to skip the code.
  const trusted = await passwordStepIn(browser, account);
  await trusted.page.getByLabel("Authenticator code").fill(app.next());
  await trusted.page.getByLabel("Trust this browser for 30 days").check();
  await trusted.page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(trusted.page).toHaveURL("/dashboard");
  expect(await twoStepSetUpOf(account.email)).toEqual({ enabled: true, secrets: 1, trustedBrowsers: 1 });
  await makeUnverified(account.email);

  await resetPassword(page, account.email);

  // No code asked: the stranger's authenticator no longer stands between the owner and the account.
  await expect(page.getByRole("heading", { name: "Your new password is set" })).toBeVisible();
  const notice = page.getByRole("status").filter({ hasText: "For your safety, we removed ways to sign in" });
  await expect(notice).toContainText("Two-step sign-in");
  expect(await twoStepSetUpOf(account.email)).toEqual({ enabled: false, secrets: 0, trustedBrowsers: 0 });
  const mail = await waitForMail(account.email, CLAIMED_SUBJECT);
  expect(mail.text).toContain("- Two-step sign-in");
  await page.getByRole("link", { name: "Continue to your dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("link", { name: "Turn on" })).toBeVisible();
  await Promise.all([stranger.close(), trusted.context.close()]);
});
