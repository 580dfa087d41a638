import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { newAccount, signUpByRequest, type TestAccount } from "../../../tests/fixtures/accounts";
import { countRows, makeUnverified, storedName } from "../../../tests/fixtures/database";
import { waitForElementHydration, waitForHydration } from "../../../tests/fixtures/page-state";
import { test } from "../../../tests/fixtures/signed-in";
import { OIDC_ISSUER, OIDC_NAME } from "./e2e-provider";
import { callbackFromProvider, signInAtProvider } from "./e2e-provider-flow";

const NOT_JOINED = "This provider cannot sign you in with that email address.";
const POPUP_FLAG = "temp-nuxt-auth-utils-popup";
const signInButton = (page: Page) => page.getByRole("button", { name: `Sign in with ${OIDC_NAME}` });

/** Opens the sign-in page once its provider buttons (code loaded after the page's) can open the popup. */
async function openSignInPage(page: Page, path = "/login") {
  await page.goto(path);
  await waitForHydration(page);
  await waitForElementHydration(signInButton(page));
}

/** A fresh address at the test provider (its login is the email). */
const newLogin = (prefix = "oidc") => `${prefix}-${randomUUID()}@example.com`;

/** Records every `window.open` call's features, still opening the window. */
async function recordWindowOpen(page: Page) {
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    const calls: string[] = [];
    Object.assign(window, { openCalls: calls });
    window.open = (url, target, features) => {
      calls.push(String(features));
      return open(url, target, features);
    };
  });
}

test("a client navigation to the sign-in page shows the providers' buttons at once: the email form does not move when their code arrives", async ({
  page,
}) => {
  // The providers' code (logos and popup) is held back until the page has shown without it.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/provider-sign-in-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  const submit = page.getByRole("button", { name: "Sign in", exact: true });
  await expect(submit).toBeVisible();
  // Without its code the button is there already, a plain form post, without its logo.
  await expect(signInButton(page)).toBeVisible();
  await expect(signInButton(page).locator("svg")).toHaveCount(0);
  const before = await submit.boundingBox();
  release();
  await expect(signInButton(page).locator("svg")).toBeVisible();
  expect(await submit.boundingBox()).toEqual(before);
});

test("the popup signs in at the provider, closes itself, and the opener lands on the dashboard", async ({
  page,
}) => {
  await recordWindowOpen(page);
  await openSignInPage(page, "/login?redirect=/dashboard");

  const popupOpened = page.waitForEvent("popup");
  await signInButton(page).click();
  const popup = await popupOpened;
  const expected = await page.evaluate(() => {
    const left = Math.round(window.screenX + (window.outerWidth - 960) / 2);
    const top = Math.round(window.screenY + (window.outerHeight - 600) / 2);
    return `popup=yes,width=960,height=600,left=${left},top=${top}`;
  });
  expect(await page.evaluate(() => (window as unknown as { openCalls: string[] }).openCalls)).toEqual([
    expected,
  ]);
  expect(await page.evaluate((key) => localStorage.getItem(key), POPUP_FLAG)).not.toBeNull();
  await expect(signInButton(page)).toBeDisabled();

  await popup.waitForURL(`${OIDC_ISSUER}/**`);
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([960, 600]);

  // Back on the app, the popup runs under its Cross-Origin-Opener-Policy and
  // signals through local storage only.
  const email = newLogin();
  await signInAtProvider(popup, email);
  await popup.waitForEvent("close");

  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Account menu for/ })).toBeVisible();
  // Signed in with the provider only: it is linked, and there is no password yet.
  await expect(page.getByRole("button", { name: `Unlink ${OIDC_NAME}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Set password" })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), POPUP_FLAG)).toBeNull();
});

/** Makes `window.open` return null, as a popup blocker does. */
async function blockPopups(page: Page) {
  await page.addInitScript(() => {
    window.open = () => null;
  });
}

/** Starts the OpenID sign-in as a full-page redirect (popups blocked). */
async function startFullPageSignIn(page: Page, path = "/login?redirect=/dashboard") {
  await blockPopups(page);
  await openSignInPage(page, path);
  await signInButton(page).click();
}

test("a blocked popup falls back to the same flow as a full-page redirect", async ({ page }) => {
  const email = newLogin();
  await startFullPageSignIn(page);
  await signInAtProvider(page, email);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByText(email).first()).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), POPUP_FLAG)).toBeNull();
});

test("closing the popup makes the button usable again", async ({ page }) => {
  await openSignInPage(page);
  const popupOpened = page.waitForEvent("popup");
  await signInButton(page).click();
  const popup = await popupOpened;
  await expect(signInButton(page)).toBeDisabled();
  await popup.waitForURL(`${OIDC_ISSUER}/**`);
  await popup.close();
  await expect(signInButton(page)).toBeEnabled();
  await expect(page).toHaveURL("/login");
});

test("a state from another browser, a tampered one and a replayed one are all refused", async ({
  page,
  request,
}) => {
  // The attacker's own sign-in, stopped just before its callback.
  const callback = await callbackFromProvider(request, { email: newLogin("attacker") });

  // Delivered to someone else's browser (login CSRF): refused, nobody signed in.
  await page.goto(callback.href);
  await expect(page).toHaveURL(/\/login\?redirect=\/dashboard&error=state_mismatch/);
  await expect(page.getByRole("alert")).toContainText("no longer valid");
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});

  // Altered: no such sign-in was ever started.
  const tampered = new URL(callback);
  tampered.searchParams.set("state", `${callback.searchParams.get("state")}x`);
  const refused = await request.get(tampered.href, { maxRedirects: 0 });
  expect(refused.headers().location).toMatch(/\/auth\/result\?error=state_mismatch$/);

  // Used as intended in the attacker's own browser, it works once and only once.
  const used = await request.get(callback.href, { maxRedirects: 0 });
  expect(used.headers().location).toBe("/dashboard");
  const replayed = await request.get(callback.href, { maxRedirects: 0 });
  expect(replayed.headers().location).toMatch(/error=state_mismatch$/);
});

test("the error page explains a refused callback with a 400, not a 500", async ({ page }) => {
  const missingState = await page.goto("/api/auth/callback/oidc?code=whatever");
  expect(missingState?.status()).toBe(400);
  await expect(page).toHaveURL("/auth/result?error=state_not_found");
  await expect(page.getByRole("heading", { name: "Sign-in failed" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("no longer valid");
  await expect(page.getByRole("link", { name: "Back to sign in" })).toHaveAttribute(
    "href",
    "/login?redirect=/dashboard",
  );
});

test("an ID token bound to another nonce is refused", async ({ page, request }) => {
  const callback = await callbackFromProvider(request, {
    email: newLogin(),
    rewriteAuthorization: (url) => {
      expect(url.searchParams.get("nonce")).toHaveLength(32);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      url.searchParams.set("nonce", "a-nonce-this-sign-in-never-sent");
    },
  });
  const refused = await request.get(callback.href, { maxRedirects: 0 });
  const location = refused.headers().location ?? "";
  expect(location).toBe("/login?redirect=/dashboard&error=unable_to_get_user_info");
  expect(refused.headers()["set-cookie"] ?? "").not.toContain("session_token=");

  await page.goto(location);
  await expect(page.getByRole("alert")).toHaveText(
    "We could not verify your sign-in with the provider. Please try again.",
  );
});

test("a callback that names another issuer is refused (mix-up)", async ({ request }) => {
  const callback = await callbackFromProvider(request, { email: newLogin() });
  expect(callback.searchParams.get("iss")).toBe(OIDC_ISSUER);
  callback.searchParams.set("iss", "https://evil.example");
  const refused = await request.get(callback.href, { maxRedirects: 0 });
  expect(refused.headers().location).toMatch(/error=issuer_mismatch$/);
  expect(await (await request.get("/api/_auth/session")).json()).toEqual({});
});

test("only configured providers have a button", async ({ page }) => {
  await page.goto("/login");
  await expect(signInButton(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with GitHub" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toHaveCount(0);
});

/** The user id of the session in `page`'s browser. */
async function signedInUserId(page: Page): Promise<string | undefined> {
  const session = (await (await page.request.get("/api/_auth/session")).json()) as { user?: { id: string } };
  return session.user?.id;
}

test.describe("account linking", () => {
  test("a verified email from the provider joins the existing account with that verified email", async ({
    login,
    page,
  }) => {
    const account = newAccount();
    await login(account);
    const userId = await signedInUserId(page);
    await page.context().clearCookies();

    await startFullPageSignIn(page);
    await signInAtProvider(page, account.email);
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
    expect(await signedInUserId(page)).toBe(userId);
    // Both ways in are now listed on the dashboard.
    await expect(page.getByRole("form", { name: "Change password" })).toBeVisible();
    await expect(page.getByRole("button", { name: `Unlink ${OIDC_NAME}` })).toBeVisible();
  });

  test("a password account whose email nobody verified is not joined; the popup stays open and says why", async ({
    login,
    page,
  }) => {
    const account = newAccount();
    await login(account);
    await page.context().clearCookies();
    // An account made before email-first sign-up: its address never proven.
    await makeUnverified(account.email);

    await openSignInPage(page);
    const popupOpened = page.waitForEvent("popup");
    await signInButton(page).click();
    const popup = await popupOpened;
    await signInAtProvider(popup, account.email);
    await expect(popup).toHaveURL(/\/auth\/result\?redirect=%2Fdashboard&error=account_not_linked$/);
    await expect(popup.getByRole("alert")).toContainText(NOT_JOINED);
    expect(popup.isClosed()).toBe(false);
    await expect(page).toHaveURL("/login");
    expect(await signedInUserId(page)).toBeUndefined();
  });

  test("an email the provider has not verified never joins an existing account", async ({ login, page }) => {
    const account: TestAccount = { ...newAccount(), email: newLogin("unverified") };
    await login(account);
    await page.context().clearCookies();

    await startFullPageSignIn(page);
    await signInAtProvider(page, account.email);
    await expect(page).toHaveURL("/login?redirect=/dashboard&error=account_not_linked");
    await expect(page.getByRole("alert")).toContainText(NOT_JOINED);
    expect(await signedInUserId(page)).toBeUndefined();
  });

  test("an email the provider has not verified creates no account, and is answered like a taken one", async ({
    page,
  }) => {
    const email = newLogin("unverified");
    await startFullPageSignIn(page);
    await signInAtProvider(page, email);
    // Exactly the address (code, no description) a taken address comes back with.
    await expect(page).toHaveURL("/login?redirect=/dashboard&error=account_not_linked");
    await expect(page.getByRole("alert")).toContainText(NOT_JOINED);
    expect(await signedInUserId(page)).toBeUndefined();
    expect(await countRows("user", "email", email)).toBe(0);

    // Proving the mailbox first (email-first sign-up) makes an account the provider can then be linked to.
    const account: TestAccount = { ...newAccount(), email };
    await signUpByRequest(page.request, account);
    expect(await countRows("user", "email", email)).toBe(1);
  });

  test("a provider's name with line breaks is mended to the rule of typed names", async ({ page }) => {
    const email = newLogin("multiline-name");
    await startFullPageSignIn(page);
    await signInAtProvider(page, email);
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
    expect(await storedName(email)).toBe("Ada Lovelace Click https://prize.example");
  });
});

test("the copy of /login shows the sign-in providers configured when the server started", async ({
  request,
}) => {
  // The build had no provider configured: only a render by the running server can show this one.
  const response = await request.get("/login");
  expect(response.headers().etag).toBeTruthy();
  expect(await response.text()).toContain(OIDC_NAME);
});
