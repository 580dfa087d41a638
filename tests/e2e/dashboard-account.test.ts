import { expect } from "@playwright/test";
import {
  newAccount,
  sameOrigin,
  signInByRequest,
  signInWithForm,
  signUpByRequest,
} from "../fixtures/accounts";
import { countRows } from "../fixtures/database";
import { openDashboard, test } from "../fixtures/signed-in";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

/** Rows the account's user id still has in each table. */
async function rowsOf(userId: string) {
  return {
    user: await countRows("user", "id", userId),
    session: await countRows("session", "userId", userId),
    account: await countRows("account", "userId", userId),
    activity: await countRows("activity", "userId", userId),
  };
}

test("recent activity shows the sign-ins just made, failures and new devices, newest first", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  await signUpByRequest(page.request, account);
  // A mistyped password in another browser like this one (the signed-up one is signed in already).
  const chrome = await browser.newContext();
  const wrong = await chrome.request.post("/login", {
    headers: sameOrigin,
    form: { intent: "signin", email: account.email, password: "not the password" },
  });
  expect(wrong.status()).toBe(401);
  await chrome.close();
  const firefox = await browser.newContext({ userAgent: FIREFOX });
  await signInByRequest(firefox.request, account);
  await firefox.close();

  await openDashboard(page);
  const entries = page.getByRole("list", { name: "Recent activity" }).getByRole("listitem");
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText("Sign-in from a new device: Firefox on Windows");
  await expect(entries.nth(1)).toContainText("Signed in with password");
  await expect(entries.nth(1)).toContainText("Firefox on Windows · 127.0.0.1");
  await expect(entries.nth(2)).toContainText("Failed sign-in with password");
  await expect(entries.nth(2)).toContainText("Chrome on Linux · 127.0.0.1");
  await expect(entries.nth(3)).toContainText("Account created with password");
});

test("edit the name: inline errors, then saved everywhere it shows", async ({ login, page }) => {
  await login(newAccount());
  await openDashboard(page);
  const name = page.getByLabel("Name", { exact: true });

  await name.fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Enter your name.")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");

  await name.fill("Grace Hopper");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Name saved.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome back, Grace" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for Grace Hopper" })).toBeVisible();
  await expect(name).toHaveValue("Grace Hopper");
  await expect(name).not.toHaveAttribute("aria-invalid");
});

test("delete the account with its password: everything goes, the cookie is dead, signing in fails", async ({
  login,
  page,
}) => {
  const account = newAccount();
  await login(account);
  const { user } = (await (await page.request.get("/api/_auth/session")).json()) as { user: { id: string } };
  const [cookie] = await page.context().cookies();
  await openDashboard(page);

  // Keyboard: the confirmation opens from the button, Escape closes it and gives focus back.
  const trigger = page.getByRole("button", { name: "Delete account…" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByLabel("Your password").fill("not my password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("That password is not right.")).toBeVisible();

  await dialog.getByLabel("Your password").fill(account.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Your account was deleted.")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

  expect(await rowsOf(user.id)).toEqual({ user: 0, session: 0, account: 0, activity: 0 });
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
  // The old cookie, replayed, is nobody's.
  const replayed = await page.request.get("/api/_auth/session", {
    headers: { Cookie: `${cookie?.name}=${cookie?.value}` },
  });
  expect(await replayed.json()).toEqual({});

  await page.goto("/login");
  await signInWithForm(page, account);
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
});
