import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  RESET_SUBJECT,
  sameOrigin,
  signInWithForm,
  type TestAccount,
} from "../../../tests/fixtures/accounts";
import { linkIn, waitForMail } from "../../../tests/fixtures/mailbox";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";
import { passwordStepIn, turnOnTwoFactor } from "./test-fixtures";

/**
 * "Trust this browser" lets a browser skip two-step sign-in's code. Whatever
 * says the account's old trust is over (a new password, or signing the
 * other browsers out) forgets those browsers too.
 */

// Two browsers, two-step sign-in turned on, and several sign-ins (each a deliberately slow
// scrypt hash): like two-factor.e2e.ts, more than the default 30 s on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

/** An account with two-step sign-in, and another browser trusted to skip its code. */
async function trustedBrowserOf(page: Page, browser: Browser) {
  const account = await openDashboardAs(page);
  const { app } = await turnOnTwoFactor(page);
  const { context, page: other } = await passwordStepIn(browser, account);
  await other.getByLabel("Authenticator code").fill(app.next());
  await other.getByLabel("Trust this browser for 30 days").check();
  await other.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(other).toHaveURL("/dashboard");
  await page.goto("/dashboard/two-factor");
  await expect(page.getByText("1 browser skips the code")).toBeVisible();
  /** Signs the trusted browser out and in again with `password`: where it lands. */
  const signOutAndIn = async (password: string) => {
    await context.clearCookies({ name: /session_token$/ });
    await other.goto("/login");
    await signInWithForm(other, { email: account.email, password });
  };
  return { account, context, other, signOutAndIn };
}

const post = (page: Page, form: Record<string, string>) =>
  page.request.post("/dashboard", { headers: sameOrigin, form });

async function expectNoBrowserSkipsTheCode(page: Page) {
  await page.goto("/dashboard/two-factor");
  await expect(page.getByText("No browser skips the code.")).toBeVisible();
}

test("a password change forgets trusted browsers", async ({ page, browser }) => {
  const { account, context, other, signOutAndIn } = await trustedBrowserOf(page, browser);
  const newPassword = "another long passphrase";
  const changed = await post(page, {
    intent: "change-password",
    currentPassword: account.password,
    newPassword,
  });
  expect(changed.status()).toBe(200);
  await expectNoBrowserSkipsTheCode(page);
  await signOutAndIn(newPassword);
  await expect(other).toHaveURL(/\/login\/two-factor/);
  await context.close();
});

test("signing out everywhere else forgets trusted browsers", async ({ page, browser }) => {
  const { account, context, other, signOutAndIn } = await trustedBrowserOf(page, browser);
  expect((await post(page, { intent: "revoke-other-sessions" })).status()).toBe(200);
  await expectNoBrowserSkipsTheCode(page);
  await signOutAndIn(account.password);
  await expect(other).toHaveURL(/\/login\/two-factor/);
  await context.close();
});

test("a password reset forgets trusted browsers", async ({ page, browser }) => {
  const { account, context, other, signOutAndIn } = await trustedBrowserOf(page, browser);
  await resetPassword(browser, account, "a reset long passphrase");
  await signOutAndIn("a reset long passphrase");
  await expect(other).toHaveURL(/\/login\/two-factor/);
  await context.close();
});

/** "Forgot password" and its mailed link, in a browser of its own: it lands on the code step. */
async function resetPassword(browser: Browser, account: TestAccount, password: string) {
  const context = await browser.newContext();
  const forgot = await context.request.post("/forgot-password", {
    headers: sameOrigin,
    form: { email: account.email },
  });
  expect(forgot.status()).toBe(200);
  const link = linkIn(await waitForMail(account.email, RESET_SUBJECT), "/reset-password");
  const reset = await context.request.post("/reset-password", {
    headers: sameOrigin,
    form: { token: new URL(link).searchParams.get("token") ?? "", password },
    maxRedirects: 0,
  });
  expect(reset.status(), await reset.text()).toBe(302);
  expect(reset.headers().location).toMatch(/\/login\/two-factor/);
  await context.close();
}
