import { expect } from "@playwright/test";
import {
  CODE_SUBJECT,
  newAccount,
  sameOrigin,
  signUpCodeFor,
  startSignUpByRequest,
} from "../fixtures/accounts";
import { countRows, storedName } from "../fixtures/database";
import { waitForMail } from "../fixtures/mailbox";
import { waitForHydration } from "../fixtures/page-state";
import { test } from "../fixtures/signed-in";

/**
 * A mailed link is a bearer token: it acts only on the state it was sent
 * for, and only ever helps the owner of the mailbox it went to.
 */

test("a second sign-up request for the same address replaces nothing: the owner's code creates the owner's account", async ({
  browser,
}) => {
  const owner = newAccount("Owner Of The Mailbox");
  const ownerBrowser = await browser.newContext();
  const started = await startSignUpByRequest(ownerBrowser.request, owner);
  const ownerCode = await signUpCodeFor(owner.email, 1);

  // A stranger asks for the same address, with a password and a name of their own.
  const stranger = { ...owner, name: "Stranger", password: "the stranger's own password" };
  const strangerBrowser = await browser.newContext();
  const theirs = await startSignUpByRequest(strangerBrowser.request, stranger);
  const strangerCode = await signUpCodeFor(owner.email, 2);

  // The owner types the code of their own mail in their own browser.
  const id = new URL(started.headers().location ?? "", "http://localhost").searchParams.get("id") ?? "";
  const created = await ownerBrowser.request.post("/confirm-sign-up", {
    headers: sameOrigin,
    form: { intent: "confirm", id, code: ownerCode },
    maxRedirects: 0,
  });
  expect(created.status(), await created.text()).toBe(302);
  expect(await storedName(owner.email)).toBe(owner.name);

  // The stranger's request is void now, and their password opens nothing.
  const theirId = new URL(theirs.headers().location ?? "", "http://localhost").searchParams.get("id") ?? "";
  const late = await strangerBrowser.request.post("/confirm-sign-up", {
    headers: sameOrigin,
    form: { intent: "confirm", id: theirId, code: strangerCode },
    maxRedirects: 0,
  });
  expect(late.status()).toBe(400);
  const signIn = (password: string) =>
    strangerBrowser.request.post("/login", {
      headers: sameOrigin,
      form: { intent: "signin", email: owner.email, password },
      maxRedirects: 0,
    });
  expect((await signIn(stranger.password)).status()).toBe(401);
  expect((await signIn(owner.password)).status()).toBe(302);
  await ownerBrowser.close();
  await strangerBrowser.close();
});

test("a sign-up link opened in another browser asks for a password there, and never applies the one chosen by whoever asked", async ({
  browser,
  page,
}) => {
  // Someone asks for an account with an address that is not theirs.
  const requester = newAccount("Someone Else");
  const theirBrowser = await browser.newContext();
  await startSignUpByRequest(theirBrowser.request, requester);
  const mail = await waitForMail(requester.email, CODE_SUBJECT);
  const link = mail.text.match(/https?:\/\/\S+\/confirm-sign-up\?id=[\w-]+&code=\d{6}/)?.[0] ?? "";

  // The mailbox's owner follows the link in their own browser.
  await page.goto(link);
  await waitForHydration(page);
  await expect(page.getByText("This browser did not ask for the account")).toBeVisible();
  await page.getByLabel("Name").fill("Mailbox Owner");
  // The password rules hold here too.
  await page.getByLabel("Password", { exact: true }).fill("password1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too common or easy to guess. Choose another.")).toBeVisible();
  expect(await countRows("user", "email", requester.email)).toBe(0);
  await page.getByLabel("Password", { exact: true }).fill("the owner's chosen passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL("/dashboard");
  expect(await storedName(requester.email)).toBe("Mailbox Owner");

  const signIn = (password: string) =>
    theirBrowser.request.post("/login", {
      headers: sameOrigin,
      form: { intent: "signin", email: requester.email, password },
      maxRedirects: 0,
    });
  expect((await signIn(requester.password)).status()).toBe(401);
  expect((await signIn("the owner's chosen passphrase")).status()).toBe(302);
  await theirBrowser.close();
});
