import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, sameOrigin, type TestAccount } from "../../../tests/fixtures/accounts";
import { countRows, makeUnverified } from "../../../tests/fixtures/database";
import { linkIn, waitForMail } from "../../../tests/fixtures/mailbox";
import { CLAIMED_SUBJECT, resetPassword } from "../../../tests/fixtures/mailbox-proof";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { loginInContext } from "../../../tests/fixtures/signed-in";
import { OIDC_NAME } from "../sign-in-providers/e2e-provider";
import { addStrangersWaysIn } from "./e2e-fixtures";

// Accounts made before email-first sign-up: a stranger could create one with
// someone else's address, add a passkey and a provider, and keep them after
// the owner reset the password. The first proof of the mailbox removes them.

/** A stranger's browser that created an account with `account.email` and added ways in. */
async function strangersAccount(browser: Browser, account: TestAccount) {
  const stranger = await browser.newContext();
  await loginInContext(stranger, account);
  // Made before email-first sign-up: the address was never proven.
  await makeUnverified(account.email);
  const userId = await addStrangersWaysIn(account.email);
  return { stranger, userId };
}

/** The owner asks for a reset link and follows it with a password of their own. */

async function expectRemovedNotice(page: Page) {
  const notice = page.getByRole("status").filter({ hasText: "For your safety, we removed ways to sign in" });
  await expect(notice).toContainText("1 passkey");
  await expect(notice).toContainText(`Signing in with ${OIDC_NAME}`);
}

test("the owner's first password reset removes the passkeys and providers a stranger added, and every session", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  const { stranger, userId } = await strangersAccount(browser, account);

  await resetPassword(page, account.email);

  await expect(page.getByRole("heading", { name: "Your new password is set" })).toBeVisible();
  await expectRemovedNotice(page);
  expect(await countRows("passkey", "userId", userId)).toBe(0);
  expect(await countRows("account", "userId", userId)).toBe(1);
  expect(await (await stranger.request.get("/api/_auth/session")).json()).toEqual({});
  await stranger.close();

  const mail = await waitForMail(account.email, CLAIMED_SUBJECT);
  expect(mail.text).toContain("- 1 passkey");
  expect(mail.text).toContain(`- Signing in with ${OIDC_NAME}`);
  expect(mail.text).toContain("Hello,");

  await page.getByRole("link", { name: "Continue to your dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
});

test("the first confirmation of the address does the same; later proofs remove nothing", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  const { stranger, userId } = await strangersAccount(browser, account);

  // The stranger's dashboard asks for a verification mail: it goes to the owner's mailbox.
  const resend = await stranger.request.post("/dashboard", {
    headers: sameOrigin,
    form: { intent: "resend-verification" },
    maxRedirects: 0,
  });
  expect(resend.status()).toBe(200);
  const link = linkIn(await waitForMail(account.email, /^Confirm your email address/), "/verify-email");
  await page.goto(link);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
  await expectRemovedNotice(page);
  // Every session was ended: this page offers a sign-in.
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toBeVisible();
  expect(await (await stranger.request.get("/api/_auth/session")).json()).toEqual({});
  expect(await countRows("passkey", "userId", userId)).toBe(0);
  await stranger.close();
  await waitForMail(account.email, CLAIMED_SUBJECT);

  // The address is proven now: a reset keeps what the owner adds from here on.
  await addStrangersWaysIn(account.email);
  await resetPassword(page, account.email);
  await expect(page).toHaveURL("/dashboard");
  expect(await countRows("passkey", "userId", userId)).toBe(1);
});
