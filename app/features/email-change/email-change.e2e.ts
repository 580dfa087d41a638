import { type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, RESET_SUBJECT, sameOrigin } from "../../../tests/fixtures/accounts";
import { APP_NAME, exactly } from "../../../tests/fixtures/app-name";
import { signedInMinutesAgo } from "../../../tests/fixtures/database";
import { linkIn, mailsTo, waitForMail } from "../../../tests/fixtures/mailbox";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { createAccount, openDashboardAs } from "../../../tests/fixtures/signed-in";
import { askForNewAddress, CHANGE_SUBJECT, CHANGED_SUBJECT, changeAddress, newAddress } from "./e2e-fixtures";

const TAKEN_SUBJECT = exactly(`Someone tried to move a ${APP_NAME} account to your address`);

/** The answer to a password sign-in from a browser of its own (a signed-in one would be sent on, `302`, anyway). */
async function signInStatus(browser: Browser, email: string, password: string): Promise<number> {
  const context = await browser.newContext();
  const response = await context.request.post("/login", {
    headers: sameOrigin,
    form: { intent: "signin", email, password },
    maxRedirects: 0,
  });
  await context.close();
  return response.status();
}

test("a new address gets a link, and only following it changes the address; the old one is told and can undo it", async ({
  page,
  browser,
}) => {
  const account = await openDashboardAs(page);
  const email = newAddress();
  await askForNewAddress(page, email);
  await expect(
    page.getByText(`We sent a link to ${email}. Your address changes when you open it.`),
  ).toBeVisible();

  // Until the new mailbox answers, nothing changes: a mistyped address takes nothing over.
  await page.reload();
  await expect(page.getByRole("main").getByText(account.email, { exact: true })).toBeVisible();

  const link = linkIn(await waitForMail(email, CHANGE_SUBJECT), "/change-email");
  await page.goto(link);
  await page.getByRole("button", { name: "Use this email address" }).click();
  await expect(page.getByRole("heading", { name: "Email address changed" })).toBeVisible();
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.getByRole("main").getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText("Email address changed");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();

  // The new address signs in; the old one no longer does.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  expect(await signInStatus(browser, email, account.password)).toBe(302);
  expect(await signInStatus(browser, account.email, account.password)).toBe(401);

  // "This wasn't me", from the old mailbox: the old address is back, every device is signed out,
  // and the password whoever changed it knew is gone (the owner sets a new one by a reset).
  const notice = await waitForMail(account.email, CHANGED_SUBJECT);
  expect(notice.text).toContain(`is now ${email}`);
  expect(notice.text).toContain("whatever happens to the account meanwhile");
  await other.goto(linkIn(notice, "/undo-email-change"));
  await other.getByRole("button", { name: "Undo and sign out everywhere" }).click();
  await expect(other.getByRole("heading", { name: "Email change undone" })).toBeVisible();
  await expect(other.getByRole("list", { name: "Removed from your account" })).toHaveText("Your password");
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
  expect(await signInStatus(browser, account.email, account.password)).toBe(401);
  expect(await signInStatus(browser, email, account.password)).toBe(401);
  await elsewhere.close();
});

test("the old address's undo still works after the password was changed, and takes the account back from whoever changed it", async ({
  page,
  browser,
}) => {
  // Several password hashes in a row (scrypt, one per core at a time), as in the password-change journey.
  test.setTimeout(60_000);
  // Someone who knows the password moves the address and changes the password…
  // (what else they add is taken back too: ./other-ways-in.e2e.ts)
  const account = await openDashboardAs(page);
  const theirs = await changeAddress(page);
  await page.goto("/dashboard");
  const theirPassword = "the other person's passphrase";
  await page.getByLabel("Current password").fill(account.password);
  await page.getByLabel("New password").fill(theirPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other sessions were signed out.")).toBeVisible();
  // …and cannot move the address again while the undo can be used.
  const next = newAddress();
  await askForNewAddress(page, next);
  await expect(
    page.getByText(/^Your previous address can still undo the last change until .+ UTC\./),
  ).toBeVisible();
  expect(await mailsTo(next)).toEqual([]);

  // The owner follows "This wasn't me" in a browser of their own.
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await ownerPage.goto(linkIn(await waitForMail(account.email, CHANGED_SUBJECT), "/undo-email-change"));
  await ownerPage.getByRole("button", { name: "Undo and sign out everywhere" }).click();
  await expect(ownerPage.getByRole("heading", { name: "Email change undone" })).toBeVisible();
  const removed = ownerPage.getByRole("list", { name: "Removed from your account" });
  await expect(removed.getByRole("listitem")).toHaveText(["Your password"]);
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
  expect(await signInStatus(browser, account.email, theirPassword)).toBe(401);
  expect(await signInStatus(browser, theirs, theirPassword)).toBe(401);

  // "Forgot password", to the address that is back: the owner chooses a new password and is in.
  await ownerPage.getByRole("link", { name: "Forgot password" }).click();
  await expect(ownerPage).toHaveURL("/forgot-password");
  await ownerPage.getByLabel("Email").fill(account.email);
  await ownerPage.getByRole("button", { name: "Send reset link" }).click();
  await ownerPage.goto(linkIn(await waitForMail(account.email, RESET_SUBJECT), "/reset-password"));
  await ownerPage.getByLabel("New password").fill("the owner's new passphrase");
  await ownerPage.getByRole("button", { name: "Set new password" }).click();
  await expect(ownerPage).toHaveURL("/dashboard");
  await expect(ownerPage.getByRole("main").getByText(account.email, { exact: true })).toBeVisible();
  await owner.close();
});

test("an address that has an account gets the same answer, its owner a notice, and nothing changes", async ({
  page,
}) => {
  const owner = newAccount("Grace Hopper");
  await createAccount(owner);
  const account = await openDashboardAs(page);

  await askForNewAddress(page, owner.email.toUpperCase());
  await expect(
    page.getByText(`We sent a link to ${owner.email}. Your address changes when you open it.`),
  ).toBeVisible();
  await waitForMail(owner.email, TAKEN_SUBJECT);
  expect((await mailsTo(owner.email)).filter((mail) => CHANGE_SUBJECT.test(mail.subject))).toEqual([]);
  await page.reload();
  await expect(page.getByRole("main").getByText(account.email, { exact: true })).toBeVisible();
});

test("changing the address wants a recent sign-in, a valid address and a few tries at most", async ({
  page,
}) => {
  const account = await openDashboardAs(page);
  const post = (email: string) =>
    page.request.post("/dashboard", {
      headers: sameOrigin,
      form: { intent: "change-email", newEmail: email },
    });
  expect((await post("not an address")).status()).toBe(400);
  expect((await post(account.email)).status()).toBe(400);

  await signedInMinutesAgo(account.email, 10);
  const stale = newAddress();
  await askForNewAddress(page, stale);
  await expect(page.getByRole("button", { name: "Sign in again" })).toBeVisible();
  expect(await mailsTo(stale)).toEqual([]);

  await signedInMinutesAgo(account.email, 0);
  for (let sent = 0; sent < 3; sent += 1) expect((await post(newAddress())).status()).toBe(200);
  const refused = await post(newAddress());
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);

  // better-auth's own email change is a door the app keeps closed.
  const door = await page.request.post("/api/auth/change-email", {
    headers: sameOrigin,
    data: { newEmail: newAddress() },
  });
  expect(door.status()).toBe(404);
});

test("asking to move into someone's address never uses up their own changes", async ({ page, browser }) => {
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  const owner = await openDashboardAs(ownerPage, newAccount("Grace Hopper"));
  await openDashboardAs(page);
  const ask = (on: Page, email: string) =>
    on.request.post("/dashboard", { headers: sameOrigin, form: { intent: "change-email", newEmail: email } });

  // A stranger asks for the owner's address until the address' own budget is spent…
  for (let sent = 0; sent < 3; sent += 1) expect((await ask(page, owner.email)).status()).toBe(200);
  expect((await ask(page, owner.email)).status()).toBe(429);
  // …and the owner's own changes are untouched.
  const next = newAddress();
  expect((await ask(ownerPage, next)).status()).toBe(200);
  await waitForMail(next, CHANGE_SUBJECT);
  await ownerContext.close();
});

test("the undo link of an account deleted since says it no longer works, and changes nothing", async ({
  page,
  browser,
}) => {
  const account = await openDashboardAs(page);
  await changeAddress(page);
  const deleted = await page.request.post("/dashboard", {
    headers: sameOrigin,
    form: { intent: "delete-account", password: account.password },
    maxRedirects: 0,
  });
  expect(deleted.status()).toBe(302);

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await other.goto(linkIn(await waitForMail(account.email, CHANGED_SUBJECT), "/undo-email-change"));
  const answer = other.waitForResponse((response) => response.request().method() === "POST");
  await other.getByRole("button", { name: "Undo and sign out everywhere" }).click();
  expect((await answer).status()).toBe(400);
  await expect(other.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  expect(await signInStatus(browser, account.email, account.password)).toBe(401);
  await elsewhere.close();
});
