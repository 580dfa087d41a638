import { readFile } from "node:fs/promises";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  RESET_SUBJECT,
  sameOrigin,
  signInWithForm,
  type TestAccount,
} from "../../../tests/fixtures/accounts";
import { APP_NAME, exactly } from "../../../tests/fixtures/app-name";
import { signedInMinutesAgo } from "../../../tests/fixtures/database";
import { linkIn, waitForMail } from "../../../tests/fixtures/mailbox";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";
import { isSignedIn, passwordStepIn, type TwoFactorOn, turnOnTwoFactor } from "./test-fixtures";

// Each test signs in a few times, in browsers of their own (scrypt, and a busy CI machine).
test.describe.configure({ timeout: 60_000 });

const TURNED_ON_SUBJECT = exactly(`Two-step sign-in was enabled on your ${APP_NAME} account`);
const RECOVERY_CODE_USED_SUBJECT = exactly(`A recovery code was used to sign in on your ${APP_NAME} account`);
const TURNED_OFF_SUBJECT = exactly(`Two-step sign-in was disabled on your ${APP_NAME} account`);

type TwoFactorAccount = TwoFactorOn & { account: TestAccount };

async function accountWithTwoFactor(page: Page): Promise<TwoFactorAccount> {
  const account = await openDashboardAs(page);
  return { account, ...(await turnOnTwoFactor(page)) };
}

/** The no-JavaScript sign-in: the password form post, then the code form post. */
async function signInByRequest(request: APIRequestContext, account: TestAccount, code: string, use = "app") {
  const password = await request.post("/login", {
    headers: sameOrigin,
    form: { intent: "signin", email: account.email, password: account.password, redirect: "/dashboard" },
    maxRedirects: 0,
  });
  expect(password.status()).toBe(302);
  expect(password.headers().location).toBe("/login/two-factor?redirect=/dashboard");
  return request.post("/login/two-factor", {
    headers: sameOrigin,
    form: { use, code, redirect: "/dashboard" },
    maxRedirects: 0,
  });
}

test("turning it on: a QR code and the key in the page, the first code confirms, ten recovery codes to download or copy", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { account, recoveryCodes } = await accountWithTwoFactor(page);
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download" }).click();
  const file = await readFile((await (await download).path()) ?? "", "utf8");
  for (const code of recoveryCodes) expect(file).toContain(code);

  await waitForHydration(page);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Recovery codes copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join("\n"));

  // Shown once: the page afterwards says how many are left, never the codes.
  await page.goto("/dashboard/two-factor");
  await expect(page.getByText("10 of 10 left.")).toBeVisible();
  await expect(page.getByText(recoveryCodes[0] ?? "")).toHaveCount(0);
  await page.goto("/dashboard");
  await expect(page.getByText("10 recovery codes left")).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText(
    "Two-step sign-in turned on",
  );
  await waitForMail(account.email, TURNED_ON_SUBJECT);
});

test("the password alone is not enough: a wrong code is refused in the field, the right one signs in, and never twice", async ({
  page,
  browser,
}) => {
  const { account, app } = await accountWithTwoFactor(page);
  const first = await passwordStepIn(browser, account);
  expect(await isSignedIn(first.page.request)).toBe(false);
  const field = first.page.getByLabel("Authenticator code");
  await expect(field).toHaveAttribute("autocomplete", "one-time-code");
  await field.fill("000000");
  await first.page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(first.page.getByText("That code is not right.")).toBeVisible();
  const code = app.next();
  await field.fill(code);
  await first.page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(first.page).toHaveURL("/dashboard");
  const activity = first.page.getByRole("list", { name: "Recent activity" });
  await expect(activity).toContainText("Signed in with an authenticator code");
  // The password steps (this one, the refused code's) were no sign-in: the log says nothing of them.
  await expect(activity).not.toContainText("Signed in with password");

  // The same code, seen over a shoulder, does not sign in a second browser.
  const second = await passwordStepIn(browser, account);
  await second.page.getByLabel("Authenticator code").fill(code);
  await second.page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(second.page.getByText("This code was used already.")).toBeVisible();
  expect(await isSignedIn(second.page.request)).toBe(false);
  await first.context.close();
  await second.context.close();
});

test("a lost phone: a recovery code signs in once and never twice, and another one turns two-step sign-in off", async ({
  page,
  browser,
}) => {
  const { account, recoveryCodes } = await accountWithTwoFactor(page);
  const [first = "", second = ""] = recoveryCodes;
  const lost = await passwordStepIn(browser, account);
  await lost.page.getByRole("link", { name: "Use a recovery code instead" }).click();
  await lost.page.getByLabel("Recovery code").fill(first.toUpperCase());
  await lost.page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(lost.page).toHaveURL("/dashboard");
  await expect(lost.page.getByText("9 recovery codes left")).toBeVisible();
  // The owner is told a recovery code was used, with the way out if it was not them.
  const told = await waitForMail(account.email, RECOVERY_CODE_USED_SUBJECT);
  expect(told.text).toContain("Sign out everywhere");

  const again = await passwordStepIn(browser, account);
  await again.page.getByRole("link", { name: "Use a recovery code instead" }).click();
  await again.page.getByLabel("Recovery code").fill(first);
  await again.page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(again.page.getByText("That recovery code is not right, or it was used already")).toBeVisible();
  expect(await isSignedIn(again.page.request)).toBe(false);

  // Back in without the phone: turned off with another recovery code.
  await lost.page.goto("/dashboard/two-factor");
  await lost.page.getByLabel("Code to turn it off").fill(second);
  await lost.page.getByRole("button", { name: "Turn off" }).click();
  await expect(lost.page.getByText("Two-step sign-in is off.")).toBeVisible();
  await expect(lost.page.getByRole("button", { name: "Turn off" })).toHaveCount(0);
  await waitForMail(account.email, TURNED_OFF_SUBJECT);
  const after = await browser.newContext();
  await after.request.post("/login", {
    headers: sameOrigin,
    form: { intent: "signin", email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(await isSignedIn(after.request)).toBe(true);
  await Promise.all([lost.context.close(), again.context.close(), after.close()]);
});

test("trust this browser: its next sign-in skips the code, until the dashboard forgets trusted browsers", async ({
  page,
  browser,
}) => {
  const { account, app } = await accountWithTwoFactor(page);
  const { context, page: other } = await passwordStepIn(browser, account);
  await other.getByLabel("Authenticator code").fill(app.next());
  await other.getByLabel("Trust this browser for 30 days").check();
  await other.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(other).toHaveURL("/dashboard");
  const trust = (await context.cookies()).find((cookie) => cookie.name.endsWith("trust_device"));
  expect(trust?.httpOnly).toBe(true);
  expect(trust?.sameSite).toBe("Lax");
  expect((trust?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 60 * 60 * 1000);

  const signOutAndIn = async () => {
    await context.clearCookies({ name: /session_token$/ });
    await other.goto("/login");
    await signInWithForm(other, account);
  };
  await signOutAndIn();
  await expect(other).toHaveURL("/dashboard");

  await page.goto("/dashboard/two-factor");
  await expect(page.getByText("1 browser skips the code")).toBeVisible();
  await page.getByRole("button", { name: "Forget trusted browsers" }).click();
  await expect(page.getByText("No browser skips the code.")).toBeVisible();
  await signOutAndIn();
  await expect(other).toHaveURL(/\/login\/two-factor/);
  await context.close();
});

test("without JavaScript: the code step and the dashboard's forms are plain form posts", async ({
  page,
  browser,
}) => {
  const { account, app, recoveryCodes } = await accountWithTwoFactor(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const signedIn = await signInByRequest(context.request, account, app.next());
  expect(signedIn.status()).toBe(302);
  expect(signedIn.headers().location).toBe("/dashboard");
  expect(await isSignedIn(context.request)).toBe(true);

  // A wrong code: the page again, with the error tied to its field.
  const other = await browser.newContext({ javaScriptEnabled: false });
  const wrong = await signInByRequest(other.request, account, "123456");
  expect(wrong.status()).toBe(401);
  const otherPage = await other.newPage();
  await otherPage.setContent(await wrong.text());
  await expect(otherPage.getByLabel("Authenticator code")).toHaveAttribute("aria-invalid", "true");
  await expect(otherPage.getByLabel("Authenticator code")).toHaveAccessibleDescription(
    /That code is not right/,
  );
  // New recovery codes, then turning it off: form posts answered with the page.
  const renewed = await context.request.post("/dashboard/two-factor", {
    headers: sameOrigin,
    form: { intent: "renew-codes", code: recoveryCodes[0] ?? "" },
  });
  expect(renewed.status()).toBe(200);
  const renewedPage = await context.newPage();
  await renewedPage.setContent(await renewed.text());
  const newCodes = await renewedPage
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(newCodes).toHaveLength(10);
  expect(newCodes).not.toContain(recoveryCodes[1]);
  const off = await context.request.post("/dashboard/two-factor", {
    headers: sameOrigin,
    form: { intent: "turn-off", code: recoveryCodes[1] ?? "" },
  });
  expect(off.status()).toBe(401);
  const offNow = await context.request.post("/dashboard/two-factor", {
    headers: sameOrigin,
    form: { intent: "turn-off", code: newCodes[0] ?? "" },
  });
  expect(offNow.status()).toBe(200);
  expect(await offNow.text()).toContain("Two-step sign-in is off.");

  await Promise.all([context.close(), other.close()]);
});

test("changes to it need a recent sign-in and a current code; a stale sign-in is sent to sign in again", async ({
  page,
}) => {
  const { account, app, recoveryCodes } = await accountWithTwoFactor(page);
  await signedInMinutesAgo(account.email, 10);
  await page.goto("/dashboard/two-factor");
  await page.getByLabel("Code to turn it off").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByRole("button", { name: "Sign in again" }).first()).toBeVisible();
  await expect(page.getByText("On. After your password")).toBeVisible();

  await page.getByRole("button", { name: "Sign in again" }).first().click();
  await expect(page).toHaveURL("/login?redirect=/dashboard/two-factor");
  await signInWithForm(page, account);
  await page.getByLabel("Authenticator code").fill(app.next());
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page).toHaveURL("/dashboard/two-factor");
  await page.getByLabel("Code to turn it off").fill("999999");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  // Refused for the stale sign-in, the recovery code was not used up: it turns it off now.
  await page.getByLabel("Code to turn it off").fill(recoveryCodes[0] ?? "");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Two-step sign-in is off.")).toBeVisible();
});

// With a provider's sign-in and with passkeys: ./with-provider.e2e.ts, ./with-passkeys.e2e.ts.
test("a password reset proves the mailbox, not the phone: the code is still asked before any session", async ({
  page,
  browser,
}) => {
  const { account, app } = await accountWithTwoFactor(page);
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto("/forgot-password");
  await other.getByLabel("Email").fill(account.email);
  await other.getByRole("button", { name: "Send reset link" }).click();
  await other.goto(linkIn(await waitForMail(account.email, RESET_SUBJECT), "/reset-password"));
  await other.getByLabel("New password").fill("a brand new password");
  await other.getByRole("button", { name: "Set new password" }).click();
  await expect(other).toHaveURL(/\/login\/two-factor/);
  expect(await isSignedIn(other.request)).toBe(false);
  await other.getByLabel("Authenticator code").fill(app.next());
  await other.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(other).toHaveURL("/dashboard");
  await context.close();
});
