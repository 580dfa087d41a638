import { expect, test } from "@playwright/test";
import {
  confirmSignUpByRequest,
  fillAccountForm,
  newAccount,
  signInWithForm,
  signUpByRequest,
  startSignUpByRequest,
} from "../fixtures/accounts";

test("after signing in, a guest lands where they wanted to go", async ({ page }) => {
  const account = newAccount();
  await signUpByRequest(page.request, account);
  await page.context().clearCookies();

  await page.goto("/dashboard?tab=sessions");
  await expect(page).toHaveURL("/login?redirect=/dashboard%3Ftab%3Dsessions");
  await signInWithForm(page, account);
  await expect(page).toHaveURL("/dashboard?tab=sessions");
});

test("the redirect target survives switching to account creation", async ({ page }) => {
  await page.goto("/login?redirect=/dashboard%3Ffrom%3Dinvite");
  await page.getByRole("link", { name: "Create an account" }).click();
  await fillAccountForm(page, newAccount());
  await expect(page).toHaveURL("/dashboard?from=invite");
});

const openRedirects = [
  "//evil.example",
  "https://evil.example",
  "/\\evil.example",
  "javascript:alert(document.domain)",
  "/\t/evil.example",
  "/..//evil.example",
  "\\/evil.example",
  "http:evil.example",
];

for (const target of openRedirects) {
  test(`sign-in never follows ${JSON.stringify(target)} off the site`, async ({ page }) => {
    const account = newAccount();
    await signUpByRequest(page.request, account);
    await page.context().clearCookies();

    await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
    await signInWithForm(page, account);
    await expect(page).toHaveURL("/dashboard");

    // A signed-in visitor opening /login with the same target is not sent there either.
    const response = await page.request.get(`/login?redirect=${encodeURIComponent(target)}`, {
      maxRedirects: 0,
    });
    expect(response.headers().location).toBe("/dashboard");
  });
}

test("the form post's redirect field is checked too", async ({ request }) => {
  const account = newAccount();
  const started = await startSignUpByRequest(request, account, { redirect: "//evil.example/steal" });
  const response = await confirmSignUpByRequest(request, started, account.email);
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/dashboard");
});
