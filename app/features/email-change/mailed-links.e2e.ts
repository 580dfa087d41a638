import { type APIRequestContext, expect } from "@playwright/test";
import { newAccount, RESET_SUBJECT, sameOrigin, signInByRequest } from "../../../tests/fixtures/accounts";
import { APP_NAME, exactly } from "../../../tests/fixtures/app-name";
import { countRows } from "../../../tests/fixtures/database";
import { linkIn, mailsTo, waitForMail } from "../../../tests/fixtures/mailbox";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { openDashboardAs, test } from "../../../tests/fixtures/signed-in";
import { CHANGE_SUBJECT, CHANGED_SUBJECT, newAddress } from "./e2e-fixtures";

/**
 * The email change's mailed links are bearer tokens: each acts only on the
 * state it was sent for, and only ever helps the owner of the mailbox it went to.
 */

const UNDONE_SUBJECT = exactly(`This address no longer signs in to a ${APP_NAME} account`);
const PASSWORD_CHANGED_SUBJECT = exactly(`Your password was changed on your ${APP_NAME} account`);

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";
const pathOf = (link: string) => new URL(link).pathname;

/** The dashboard's "Change email address", posted as the form does. */
async function askToMove(request: APIRequestContext, newEmail: string) {
  const asked = await request.post("/dashboard", {
    headers: sameOrigin,
    form: { intent: "change-email", newEmail },
  });
  expect(asked.status(), await asked.text()).toBe(200);
}

/** Follows a mailed link the way its page's form does: one post of its token. */
const follow = (request: APIRequestContext, link: string) =>
  request.post(pathOf(link), { headers: sameOrigin, form: { token: tokenOf(link) }, maxRedirects: 0 });

test("the undo chain: of two changes asked for, only the last one's link works, and the owner's undo is final", async ({
  page,
  browser,
}) => {
  // Someone with the password and a fresh sign-in asks for two changes…
  const account = await openDashboardAs(page);
  const [first, second] = [newAddress(), newAddress()];
  await askToMove(page.request, first);
  await askToMove(page.request, second);
  const firstLink = linkIn(await waitForMail(first, CHANGE_SUBJECT), "/change-email");
  const secondLink = linkIn(await waitForMail(second, CHANGE_SUBJECT), "/change-email");
  // …and follows both links: one change waits at a time, so the first one's link no longer works.
  expect((await follow(page.request, firstLink)).status()).toBe(400);
  const moved = await follow(page.request, secondLink);
  expect(moved.status()).toBe(200);
  expect(await moved.text()).toContain("Email address changed");
  expect(await countRows("user", "email", second)).toBe(1);

  // The owner follows "This wasn't me" from the original mailbox, in a browser of their own.
  const owner = await browser.newContext();
  const undo = linkIn(await waitForMail(account.email, CHANGED_SUBJECT), "/undo-email-change");
  const undone = await follow(owner.request, undo);
  expect(undone.status()).toBe(200);
  expect(await undone.text()).toContain("Email change undone");
  expect(await countRows("user", "email", account.email)).toBe(1);
  // The address it replaced is told; no mail ever carried an undo link to either new address.
  await waitForMail(second, UNDONE_SUBJECT);
  for (const address of [first, second]) {
    expect((await mailsTo(address)).some((mail) => CHANGED_SUBJECT.test(mail.subject))).toBe(false);
  }

  // Nothing the other person holds moves the account again.
  for (const link of [firstLink, secondLink, undo]) {
    expect((await follow(page.request, link)).status()).toBe(400);
  }
  expect(await countRows("user", "email", account.email)).toBe(1);
  await owner.close();
});

test("while the old address can still undo a change, the address cannot change again; the undo still works", async ({
  page,
  browser,
}) => {
  const account = await openDashboardAs(page);
  const first = newAddress();
  await askToMove(page.request, first);
  expect(
    (await follow(page.request, linkIn(await waitForMail(first, CHANGE_SUBJECT), "/change-email"))).status(),
  ).toBe(200);
  // A second change is refused, and nothing is mailed: the first one's undo must keep working.
  const second = newAddress();
  const refused = await page.request.post("/dashboard", {
    headers: sameOrigin,
    form: { intent: "change-email", newEmail: second },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.text()).toContain("Your previous address can still undo the last change until");
  expect(await mailsTo(second)).toEqual([]);

  const owner = await browser.newContext();
  const undo = linkIn(await waitForMail(account.email, CHANGED_SUBJECT), "/undo-email-change");
  expect((await follow(owner.request, undo)).status()).toBe(200);
  expect(await countRows("user", "email", account.email)).toBe(1);
  expect(await countRows("user", "email", first)).toBe(0);
  await owner.close();
});

test("a password change, signing out everywhere and a password reset each void the change link waiting", async ({
  page,
  browser,
}) => {
  const account = await openDashboardAs(page);
  const waitingLink = async () => {
    const address = newAddress();
    await askToMove(page.request, address);
    return { address, link: linkIn(await waitForMail(address, CHANGE_SUBJECT), "/change-email") };
  };

  // A password change (which keeps this browser signed in, with a fresh session).
  const beforeChange = await waitingLink();
  const newPassword = "a different long passphrase";
  const changed = await page.request.post("/dashboard", {
    headers: sameOrigin,
    form: { intent: "change-password", currentPassword: account.password, newPassword },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  expect((await follow(page.request, beforeChange.link)).status()).toBe(400);

  // "Sign out everywhere" from the password change's notice.
  const beforeSignOut = await waitingLink();
  const notice = await waitForMail(account.email, PASSWORD_CHANGED_SUBJECT);
  const elsewhere = await browser.newContext();
  expect((await follow(elsewhere.request, linkIn(notice, "/sign-out-everywhere"))).status()).toBe(200);
  await page.context().clearCookies();
  await signInByRequest(page.request, { email: account.email, password: newPassword });
  expect((await follow(page.request, beforeSignOut.link)).status()).toBe(400);

  // A password reset.
  const beforeReset = await waitingLink();
  const forgot = await elsewhere.request.post("/forgot-password", {
    headers: sameOrigin,
    form: { email: account.email },
  });
  expect(forgot.status()).toBe(200);
  const reset = linkIn(await waitForMail(account.email, RESET_SUBJECT), "/reset-password");
  const afterReset = await elsewhere.request.post("/reset-password", {
    headers: sameOrigin,
    form: { token: tokenOf(reset), password: "yet another long passphrase" },
    maxRedirects: 0,
  });
  expect(afterReset.status(), await afterReset.text()).toBe(302);
  expect((await follow(elsewhere.request, beforeReset.link)).status()).toBe(400);

  for (const { address } of [beforeChange, beforeSignOut, beforeReset]) {
    expect(await countRows("user", "email", address)).toBe(0);
  }
  await elsewhere.close();
});

test("moving an account into an address completes only in a browser signed in to that account", async ({
  page,
  browser,
}) => {
  const account = await openDashboardAs(page);
  const address = newAddress();
  await askToMove(page.request, address);
  const link = linkIn(await waitForMail(address, CHANGE_SUBJECT), "/change-email");

  // The mailbox's owner opens it in their own browser: it asks to sign in, and its post moves nothing.
  const mailboxOwner = await browser.newContext();
  const theirPage = await mailboxOwner.newPage();
  await theirPage.goto(link);
  await expect(theirPage.getByRole("heading", { name: "Sign in to finish" })).toBeVisible();
  await expect(theirPage.getByRole("button", { name: "Use this email address" })).toHaveCount(0);
  expect((await follow(mailboxOwner.request, link)).status()).toBe(403);
  expect(await countRows("user", "email", address)).toBe(0);
  await mailboxOwner.close();

  // In the account's own browser the same link still works, and a success answers 200.
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Use this email address" }).click();
  await expect(page.getByRole("heading", { name: "Email address changed" })).toBeVisible();
  expect(await countRows("user", "email", address)).toBe(1);
  expect(await countRows("user", "email", account.email)).toBe(0);
});

test("without JavaScript, a successful email change answers 200 and the mailed-link page sends no Referer", async ({
  login,
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const account = await login(newAccount(), { context });
  const address = newAddress();
  await askToMove(page.request, address);
  const link = linkIn(await waitForMail(address, CHANGE_SUBJECT), "/change-email");
  const referers: (string | undefined)[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(new URL(link).origin)) referers.push(request.headers().referer);
  });
  const opened = await page.goto(link);
  expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
  const answer = page.waitForResponse((response) => response.request().method() === "POST");
  await page.getByRole("button", { name: "Use this email address" }).click();
  expect((await answer).status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Email address changed" })).toBeVisible();
  expect(await countRows("user", "email", address)).toBe(1);
  expect(await countRows("user", "email", account.email)).toBe(0);
  // Neither the page's own files nor its form's post carried the token's address.
  expect(referers.length).toBeGreaterThan(1);
  expect(referers.filter(Boolean)).toEqual([]);
  await context.close();
});
