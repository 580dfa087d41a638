import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import {
  newAccount,
  RESET_SUBJECT,
  sameOrigin,
  signInByRequest,
  signUpByRequest,
  type TestAccount,
} from "../fixtures/accounts";
import { APP_NAME, exactly, pageTitle } from "../fixtures/app-name";
import { countRows, expireMailToken, makeUnverified, storedTokenIdentifier } from "../fixtures/database";
import { mailAppEnv } from "../fixtures/mail-env";
import { linkIn, mailsTo, waitForMail } from "../fixtures/mailbox";
import { waitForHydration } from "../fixtures/page-state";
import { createAccount, loginInContext, test } from "../fixtures/signed-in";

// The suite's server sends through a real SMTP server on loopback
// (tests/fixtures/mail-server.ts, started by playwright.config.ts).

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:131.0) Gecko/20100101 Firefox/131.0";
const VERIFY_SUBJECT = exactly(`Confirm your email address for ${APP_NAME}`);
const NEW_DEVICE_SUBJECT = exactly(`New sign-in to ${APP_NAME}`);
const SAME_ANSWER = /If an account exists for .+, we sent it a link to choose a new password/;

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

/** Asks for a reset link with the page's no-JavaScript form post. */
function askForReset(request: APIRequestContext, email: string) {
  return request.post("/forgot-password", { headers: sameOrigin, form: { email } });
}

/** Whether `request`'s cookie still signs someone in. */
async function isSignedIn(request: APIRequestContext): Promise<boolean> {
  return "user" in (await (await request.get("/api/_auth/session")).json());
}

async function signedUpElsewhere(browser: Browser, account: TestAccount) {
  const context = await browser.newContext();
  await loginInContext(context, account);
  return context;
}

async function expectExpiredLinkPage(page: Page, link: string) {
  const response = await page.goto(link);
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
}

test("password reset from /login: signed in with the new password, the old one refused, other sessions signed out", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  const elsewhere = await signedUpElsewhere(browser, account);
  expect(await isSignedIn(elsewhere.request)).toBe(true);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL("/forgot-password");
  await expect(page).toHaveTitle(pageTitle("Forgot password"));
  await page.getByLabel("Email").fill(account.email.toUpperCase());
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(SAME_ANSWER)).toBeVisible();

  const mail = await waitForMail(account.email, RESET_SUBJECT);
  expect(mail.from).toBe(mailAppEnv.MAIL_FROM);
  // The sign-up's code proved the mailbox: the owner's own name greets them.
  expect(mail.text).toContain("Hello Ada Lovelace,");
  expect(mail.html).not.toMatch(/<img|<script/i);
  const link = linkIn(mail, "/reset-password");
  // The database keeps only a hash of the token.
  expect(await countRows("verification", "identifier", `reset-password:${tokenOf(link)}`)).toBe(0);
  expect(
    await countRows("verification", "identifier", storedTokenIdentifier("reset-password", tokenOf(link))),
  ).toBe(1);

  const opened = await page.goto(link);
  await expect(page).toHaveTitle(pageTitle("Choose a new password"));
  // The page's own Referrer-Policy wins over the app's default; the token leaves the address bar.
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  expect(opened?.headers()["cache-control"]).toBe("no-store");
  await waitForHydration(page);
  await expect(page).toHaveURL("/reset-password");
  // The sign-up rules hold on the server too (the browser's own check stops a short one earlier).
  const tooShort = await page.request.post("/reset-password", {
    headers: sameOrigin,
    form: { token: tokenOf(link), password: "short" },
  });
  expect(tooShort.status()).toBe(400);
  const refusedPage = await tooShort.text();
  expect(refusedPage).toContain("Use at least 8 characters.");
  // Posted to the address without the token, the page still holds it for the next try.
  expect(refusedPage).toContain(`name="token" value="${tokenOf(link)}"`);
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
  // Following the mailed link proved the address: no verification banner.
  await expect(page.getByRole("region", { name: "Please confirm your email address" })).toHaveCount(0);

  expect(await isSignedIn(elsewhere.request)).toBe(false);
  await elsewhere.close();
  const fresh = await browser.newContext();
  const old = await fresh.request.post("/login", {
    headers: sameOrigin,
    form: { intent: "signin", email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(old.status()).toBe(401);
  await signInByRequest(fresh.request, { email: account.email, password: "a brand new password" });
  await fresh.close();
});

test("a reset for an unknown email answers the same and sends nothing", async ({ page, request }) => {
  const known = await createAccount();
  const unknown = newAccount();

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(unknown.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const forUnknown = (await page.getByText(SAME_ANSWER).textContent()) ?? "";
  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(known.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const forKnown = (await page.getByText(SAME_ANSWER).textContent()) ?? "";
  expect(forUnknown).toMatch(SAME_ANSWER);
  expect(forUnknown.replace(unknown.email, "EMAIL")).toBe(forKnown.replace(known.email, "EMAIL"));

  const [unknownAnswer, knownAnswer] = [
    await askForReset(request, unknown.email),
    await askForReset(request, known.email),
  ];
  expect(unknownAnswer.status()).toBe(knownAnswer.status());

  // Both mails to the known address arrived; the unknown one got none.
  await waitForMail(known.email, RESET_SUBJECT, 2);
  expect(await mailsTo(unknown.email)).toEqual([]);
});

test("reset requests are limited per address: the fourth in the window gets 429", async ({ request }) => {
  const account = await createAccount();
  for (let n = 1; n <= 3; n += 1) expect((await askForReset(request, account.email)).status()).toBe(200);
  const refused = await askForReset(request, account.email);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await refused.text()).toContain("Too many reset requests. Try again in 10 minutes.");
});

test("better-auth's own reset endpoint is closed, and so are its JWT verification endpoints", async ({
  request,
}) => {
  const account = await createAccount();
  const viaApi = await request.post("/api/auth/request-password-reset", {
    headers: sameOrigin,
    data: { email: account.email },
  });
  expect(viaApi.status()).toBe(404);
  expect((await askForReset(request, account.email)).status()).toBe(200);
  const mail = await waitForMail(account.email, RESET_SUBJECT);
  linkIn(mail, "/reset-password");

  const sendVerification = await request.post("/api/auth/send-verification-email", {
    headers: sameOrigin,
    data: { email: account.email },
  });
  expect(sendVerification.status()).toBe(404);
  expect((await request.get("/api/auth/verify-email?token=x")).status()).toBe(404);
});

test("a used, an expired and an altered reset link each get a clear page, never a 500", async ({
  page,
  browser,
  request,
}) => {
  const account = await createAccount();
  await askForReset(request, account.email);
  const used = linkIn(await waitForMail(account.email, RESET_SUBJECT), "/reset-password");
  await page.goto(used);
  await page.getByLabel("New password").fill("a brand new password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL("/dashboard");

  await expectExpiredLinkPage(page, used);
  await expect(page.getByRole("link", { name: "Send a new link" })).toHaveAttribute(
    "href",
    "/forgot-password",
  );
  // Posting the used token anyway: the same page, and the password stays.
  const replay = await page.request.post("/reset-password", {
    headers: sameOrigin,
    form: { token: tokenOf(used), password: "another new password" },
  });
  expect(replay.status()).toBe(400);
  expect(await replay.text()).toContain("This link no longer works");

  await askForReset(request, account.email);
  const expired = linkIn(await waitForMail(account.email, RESET_SUBJECT, 2), "/reset-password");
  expect(await expireMailToken("reset-password", tokenOf(expired))).toBe(1);
  await expectExpiredLinkPage(page, expired);

  await askForReset(request, account.email);
  const fresh = linkIn(await waitForMail(account.email, RESET_SUBJECT, 3), "/reset-password");
  await expectExpiredLinkPage(page, `${fresh.slice(0, -1)}${fresh.endsWith("A") ? "B" : "A"}`);
  await expectExpiredLinkPage(page, "/reset-password?token=%00%27%22<script>");
  await expectExpiredLinkPage(page, "/reset-password");

  const other = await browser.newContext();
  await signInByRequest(other.request, { email: account.email, password: "a brand new password" });
  await other.close();
});

test("an account made before email-first sign-up: the verification link flips the dashboard's banner, once", async ({
  login,
  page,
}) => {
  // A stranger could sign up with anyone's address then: the name never reaches that mailbox.
  const account = newAccount("Ada claim your prize at prize.example");
  await login(account);
  await makeUnverified(account.email);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const banner = page.getByRole("region", { name: "Please confirm your email address" });
  await expect(banner).toBeVisible();
  await banner.getByRole("button", { name: "Resend" }).click();

  const mail = await waitForMail(account.email, VERIFY_SUBJECT);
  expect(mail.text).toContain("Hello,");
  expect(`${mail.text}${mail.html}`).not.toContain("prize");
  const link = linkIn(mail, "/verify-email");
  await page.goto(link);
  await expect(page).toHaveTitle(pageTitle("Confirm your email address"));
  // Opening the link changed nothing yet (mail scanners open links too).
  await page.goto("/dashboard");
  await expect(banner).toBeVisible();

  await page.goto(link);
  await waitForHydration(page);
  await expect(page).toHaveURL("/verify-email");
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
  expect(page.url()).not.toContain("token=");
  await page.getByRole("link", { name: "Continue to your dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
  await expect(banner).toHaveCount(0);

  await expectExpiredLinkPage(page, link);
});

test("Resend mails a fresh verification link, three times in the window, then says to wait", async ({
  login,
  page,
}) => {
  const account = newAccount();
  await login(account);
  await makeUnverified(account.email);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const resend = page.getByRole("button", { name: "Resend" });
  for (let n = 1; n <= 3; n += 1) {
    await resend.click();
    await expect(page.getByText(`We sent a new link to ${account.email}.`).last()).toBeVisible();
    await waitForMail(account.email, VERIFY_SUBJECT, n);
  }
  await resend.click();
  await expect(
    page.getByRole("region", { name: "Please confirm your email address" }).getByRole("alert"),
  ).toContainText("Too many verification mails. Try again in 10 minutes.");

  // The newest link works.
  await page.goto(linkIn(await waitForMail(account.email, VERIFY_SUBJECT, 3), "/verify-email"));
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
});

test("a sign-in from a new browser sends a notice whose link, after a confirmation, signs out everywhere", async ({
  page,
  browser,
}) => {
  const account = newAccount();
  await signUpByRequest(page.request, account);
  // The same kind of browser again: not new, no notice.
  const sameKind = await browser.newContext();
  await signInByRequest(sameKind.request, account);
  const firefox = await browser.newContext({ userAgent: FIREFOX });
  await signInByRequest(firefox.request, account);

  const mail = await waitForMail(account.email, NEW_DEVICE_SUBJECT);
  expect((await mailsTo(account.email)).filter((m) => NEW_DEVICE_SUBJECT.test(m.subject))).toHaveLength(1);
  expect(mail.text).toContain("Browser: Firefox on Windows");
  expect(mail.text).toContain("IP address: 127.0.0.1");
  expect(mail.text).toMatch(/When: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
  const link = linkIn(mail, "/sign-out-everywhere");

  // The link works without being signed in, and opening it changes nothing.
  const reader = await browser.newContext();
  const readerPage = await reader.newPage();
  await readerPage.goto(link);
  await expect(readerPage).toHaveTitle(pageTitle("Sign out everywhere"));
  await expect(readerPage.getByRole("heading", { name: "Sign out everywhere?" })).toBeVisible();
  for (const request of [page.request, sameKind.request, firefox.request]) {
    expect(await isSignedIn(request)).toBe(true);
  }
  // The confirmation is a post, refused from another origin.
  const forged = await reader.request.post("/sign-out-everywhere", {
    headers: { Origin: "https://evil.example" },
    form: { token: tokenOf(link) },
  });
  expect(forged.status()).toBe(403);

  await readerPage.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(readerPage.getByRole("heading", { name: "Signed out everywhere" })).toBeVisible();
  for (const request of [page.request, sameKind.request, firefox.request]) {
    expect(await isSignedIn(request)).toBe(false);
  }
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login?redirect=/dashboard");
  await signInByRequest(page.request, account);
  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText(
    "Signed out everywhere from the new-device mail",
  );

  await expectExpiredLinkPage(readerPage, link);
  await Promise.all([sameKind.close(), firefox.close(), reader.close()]);
});
