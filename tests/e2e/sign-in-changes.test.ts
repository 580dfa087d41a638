import { expect, type Page } from "@playwright/test";
import { newAccount, signInWithForm, signUpByRequest } from "../fixtures/accounts";
import { signedInMinutesAgo } from "../fixtures/database";
import { linkIn, waitForMail } from "../fixtures/mailbox";
import { openDashboard, test } from "../fixtures/signed-in";

const NOT_RECENT = "this needs a sign-in from the last 5 minutes";

async function changePassword(page: Page, current: string, next: string) {
  await page.getByLabel("Current password").fill(current);
  await page.getByLabel("New password").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
}

// Each feature's way in holds the same rule in its own journey (passkeys, sign-in providers).
test("a session signed in more than 5 minutes ago cannot set a password", async ({ login, page }) => {
  const account = newAccount();
  await login(account);
  await openDashboard(page);
  await signedInMinutesAgo(account.email, 10);

  await changePassword(page, account.password, "a stolen session's password");
  await expect(page.getByRole("alert")).toContainText(NOT_RECENT);
  await expect(page.getByRole("button", { name: "Sign in again" })).toBeVisible();

  // Nothing changed: the password is the old one.
  await page.getByRole("button", { name: "Sign in again" }).first().click();
  await expect(page).toHaveURL("/login?redirect=/dashboard");
  await signInWithForm(page, account);
  await expect(page).toHaveURL("/dashboard");
});

test("a change to how the account signs in is in the activity log and mailed to the owner, with a way out", async ({
  page,
}) => {
  const account = newAccount();
  await signUpByRequest(page.request, account);
  await openDashboard(page);
  const next = "a better password of mine";
  await changePassword(page, account.password, next);
  await expect(page.getByText("Password changed. Your other sessions were signed out.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText("Password changed");

  const mail = await waitForMail(account.email, /^Your password was changed on your .+ account$/);
  // Sent to the account's own address, saying from where, with the way out.
  expect(mail.text).toContain("Browser: Chrome on Linux");
  linkIn(mail, "/sign-out-everywhere");
});
