import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import { newAccount, signInByRequest, signInWithForm, type TestAccount } from "../fixtures/accounts";
import { addSessions, countRows } from "../fixtures/database";
import { waitForHydration } from "../fixtures/page-state";
import { openDashboardAs } from "../fixtures/signed-in";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";

/** Another browser of the same person: a context of its own (its own cookies), signed in. */
async function secondBrowser(browser: Browser, account: TestAccount) {
  const context = await browser.newContext({ userAgent: FIREFOX });
  await signInByRequest(context.request, account);
  return { context, page: await context.newPage() };
}

/** What the session API says about the cookie in `request`'s jar. */
async function sessionOf(request: APIRequestContext) {
  return (await request.get("/api/_auth/session")).json();
}

const sessionsList = (page: Page) => page.getByRole("list", { name: "Active sessions" });

test("two browsers: the first lists both sessions and revokes the second, which is signed out at its next step", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  await openDashboardAs(page, account);
  const other = await secondBrowser(browser, account);
  await other.page.goto("/dashboard");
  await waitForHydration(other.page);

  await page.reload();
  const rows = sessionsList(page).getByRole("listitem");
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText("Chrome on Linux");
  await expect(rows.first()).toContainText("This device");
  await expect(rows.nth(1)).toContainText("Firefox on Windows");
  await expect(rows.nth(1)).toContainText("127.0.0.1");
  await expect(rows.nth(1)).not.toContainText("This device");

  await rows
    .nth(1)
    .getByRole("button", { name: /^Revoke the session of Firefox on Windows/ })
    .click();
  await expect(page.getByText("Signed out Firefox on Windows.")).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText("No other browser is signed in to your account.")).toBeVisible();

  // The revoked browser's cookie is dead: the session API and the next navigation say so.
  expect(await sessionOf(other.page.request)).toEqual({});
  await other.page.getByRole("link", { name: "Dashboard" }).click();
  await expect(other.page).toHaveURL("/login?redirect=/dashboard");
  await other.context.close();

  // The first browser is still signed in.
  expect(await sessionOf(page.request)).toMatchObject({ user: { email: account.email } });
});

test("sign out everywhere else keeps this browser and ends the others", async ({ page, browser }) => {
  const account = newAccount();
  await openDashboardAs(page, account);
  const second = await secondBrowser(browser, account);
  const third = await secondBrowser(browser, account);

  await page.reload();
  await expect(page.getByText("2 other sessions")).toBeVisible();
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByText("Signed out everywhere else.")).toBeVisible();
  await expect(sessionsList(page).getByRole("listitem")).toHaveCount(1);

  for (const other of [second, third]) {
    expect(await sessionOf(other.page.request)).toEqual({});
    await other.context.close();
  }
  expect(await sessionOf(page.request)).toMatchObject({ user: { email: account.email } });
});

test("changing the password signs out the other browser; only the new password signs in", async ({
  page,
  browser,
}) => {
  // Eight password hashes or checks in a row (scrypt, one per core at a time): more than the default
  // 30 s when CI's cores are shared (it took 25 s in a CI-like run and timed out in another).
  test.setTimeout(60_000);
  const account = newAccount();
  await openDashboardAs(page, account);
  const other = await secondBrowser(browser, account);
  const newPassword = "a brand new passphrase";

  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That is not your current password.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
  // The refusal is in Recent activity at once, without a reload.
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText(
    "Password change refused: wrong current password",
  );

  await page.getByLabel("Current password").fill(account.password);
  await page.getByLabel("New password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed. Your other sessions were signed out.")).toBeVisible();

  expect(await sessionOf(other.page.request)).toEqual({});
  await other.page.goto("/dashboard");
  await expect(other.page).toHaveURL("/login?redirect=/dashboard");
  await signInWithForm(other.page, account);
  await expect(other.page.getByRole("alert")).toHaveText("Invalid email or password.");
  await signInWithForm(other.page, { ...account, password: newPassword });
  await expect(other.page).toHaveURL("/dashboard");
  await other.context.close();

  // This browser got a new session with the change and stays signed in.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
});

test.describe("a person with 150 sessions", () => {
  const MANY = 149;

  /** The dashboard's form post, as the page sends it. */
  const post = (page: Page, form: Record<string, string>) =>
    page.request.post("/dashboard", {
      headers: { Origin: new URL(page.url()).origin },
      form,
      maxRedirects: 0,
    });

  test("sign out everywhere else ends every other one, past the first 100 too", async ({ page }) => {
    const account = newAccount();
    await openDashboardAs(page, account);
    const { user } = await sessionOf(page.request);
    await addSessions(account.email, MANY);
    expect(await countRows("session", "userId", user.id)).toBe(MANY + 1);
    expect((await post(page, { intent: "revoke-other-sessions" })).status()).toBe(200);
    expect(await countRows("session", "userId", user.id)).toBe(1);
    expect(await sessionOf(page.request)).toMatchObject({ user: { email: account.email } });
  });

  test("Revoke finds a session by its id, however many came before it", async ({ page }) => {
    const account = newAccount();
    await openDashboardAs(page, account);
    const { user } = await sessionOf(page.request);
    const ids = await addSessions(account.email, MANY);
    const last = ids.at(-1) ?? "";
    expect((await post(page, { intent: "revoke-session", id: last })).status()).toBe(200);
    expect(await countRows("session", "id", last)).toBe(0);
    expect(await countRows("session", "userId", user.id)).toBe(MANY);
  });
});
