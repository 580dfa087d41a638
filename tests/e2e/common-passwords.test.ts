import { randomUUID } from "node:crypto";
import { type Browser, expect, type Locator } from "@playwright/test";
import {
  newAccount,
  RESET_SUBJECT,
  sameOrigin,
  signInByRequest,
  type TestAccount,
} from "../fixtures/accounts";
import { APP_NAME } from "../fixtures/app-name";
import { countRows, secretsOf } from "../fixtures/database";
import { linkIn, waitForMail } from "../fixtures/mailbox";
import { waitForHydration } from "../fixtures/page-state";
import { openDashboardAs, test } from "../fixtures/signed-in";

const HINT =
  "8 to 128 characters, not a common password or one built from your name, email or the app's name.";
const GUESSABLE = "This password is too common or easy to guess. Choose another.";
const PERSONAL = "This password is built from your name, email or the app's name. Choose another.";

/** The field says why its password was refused, where a screen reader reads it with the field. */
async function expectRefused(field: Locator, reason = GUESSABLE) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(reason);
}

/** A new-password field gives its rules as its hint; `password1` sent with `submit` is refused on it. */
async function sendPassword1(field: Locator, submit: Locator) {
  await expect(field).toHaveAccessibleDescription(HINT);
  await field.fill("password1");
  await submit.click();
  await expectRefused(field);
}

/** Nothing was stored: the account's password hash and sessions are as `before`, and its password still signs in. */
async function expectUnchanged(browser: Browser, account: TestAccount, before: string[]) {
  expect(await secretsOf(account.email)).toEqual(before);
  const elsewhere = await browser.newContext();
  await signInByRequest(elsewhere.request, account);
  await elsewhere.close();
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Create account refuses password1 on the field, and stores no request", async ({ page }) => {
    const account = { ...newAccount(), password: "password1" };
    await page.goto("/login?mode=signup");
    const field = page.getByLabel("Password", { exact: true });
    await expect(field).toHaveAccessibleDescription(HINT);
    await page.getByLabel("Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await field.fill(account.password);
    const answer = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Create account" }).click();
    expect((await answer).status()).toBe(400);
    await expectRefused(page.getByLabel("Password", { exact: true }));
    await expect(page.getByLabel("Email")).toHaveValue(account.email);
    expect(await countRows("pendingSignUp", "email", account.email)).toBe(0);
    expect(await countRows("user", "email", account.email)).toBe(0);
  });
});

test("Create account refuses the app's name or the address with digits appended", async ({ request }) => {
  const local = `grace.hopper.${randomUUID().slice(0, 8)}`;
  const email = `${local}@example.com`;
  for (const password of [`${APP_NAME.replaceAll(" ", "")}2024`, `${APP_NAME} 2024`, `${local}1906`]) {
    const answer = await request.post("/login", {
      headers: sameOrigin,
      form: { intent: "signup", name: "Grace Hopper", email, password },
      maxRedirects: 0,
    });
    expect(answer.status(), password).toBe(400);
    expect(await answer.text()).toContain(PERSONAL.replace("'", "&#x27;"));
  }
  expect(await countRows("pendingSignUp", "email", email)).toBe(0);
});

test("a reset refuses password1 on the field; the password and the link are left as they were", async ({
  login,
  page,
  browser,
  request,
}) => {
  const account = newAccount();
  await login(account);
  const before = await secretsOf(account.email);
  // Asked for by a guest (a signed-in visitor is sent to the dashboard instead).
  await request.post("/forgot-password", { headers: sameOrigin, form: { email: account.email } });
  await page.goto(linkIn(await waitForMail(account.email, RESET_SUBJECT), "/reset-password"));
  await waitForHydration(page);
  const field = page.getByLabel("New password");
  await sendPassword1(field, page.getByRole("button", { name: "Set new password" }));
  await expectUnchanged(browser, account, before);

  // The link was not used up: a good password still goes through.
  await field.fill("plum orbit canvas 58");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL("/dashboard");
});

test("changing the password refuses password1 on the field, and keeps the old one", async ({
  page,
  browser,
}) => {
  const account = await openDashboardAs(page);
  const before = await secretsOf(account.email);
  const field = page.getByLabel("New password");
  await page.getByLabel("Current password").fill(account.password);
  await sendPassword1(field, page.getByRole("button", { name: "Change password" }));
  await expectUnchanged(browser, account, before);

  // The person's own name with a year is refused too, with its own reason.
  await field.fill("Ada Lovelace 1815");
  await page.getByRole("button", { name: "Change password" }).click();
  await expectRefused(field, PERSONAL);
});

test("better-auth's own endpoints that set a password are not reachable over HTTP", async ({ request }) => {
  const body = { name: "Ada", email: `ada-${randomUUID()}@example.com`, password: "password1" };
  for (const [path, data] of [
    ["/api/auth/sign-up/email", body],
    ["/api/auth/reset-password", { token: "any-token-of-enough-length", newPassword: "password1" }],
    ["/api/auth/change-password", { currentPassword: "correct horse battery", newPassword: "password1" }],
    ["/api/auth/set-password", { newPassword: "password1" }],
  ] as const) {
    expect((await request.post(path, { headers: sameOrigin, data })).status(), path).toBe(404);
  }
  expect(await countRows("user", "email", body.email)).toBe(0);
});
