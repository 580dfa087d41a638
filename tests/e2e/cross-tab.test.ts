import { expect, test } from "@playwright/test";
import { newAccount, signInWithForm } from "../fixtures/accounts";
import { waitForElementHydration } from "../fixtures/page-state";
import { createAccount, loginInContext } from "../fixtures/signed-in";

test("signing out in one tab moves the other tab to sign-in", async ({ context }) => {
  const first = await context.newPage();
  await loginInContext(first.context(), newAccount("Grace Hopper"));
  await first.goto("/dashboard");
  const second = await context.newPage();
  await second.goto("/dashboard");
  await expect(second.getByRole("heading", { name: "Welcome back, Grace" })).toBeVisible();

  const menu = first.getByRole("button", { name: "Account menu for Grace Hopper" });
  // The server's button shows before its code has run: a click then would open nothing.
  await waitForElementHydration(menu);
  await menu.click();
  await first.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(first).toHaveURL("/");

  await expect(second).toHaveURL("/login?redirect=/dashboard");
  await expect(second.getByRole("heading", { name: "Welcome back" })).toBeVisible();
});

test("signing in in one tab moves the other tab on from sign-in", async ({ context }) => {
  const account = newAccount();
  await createAccount(account);

  const first = await context.newPage();
  await first.goto("/login");
  const second = await context.newPage();
  await second.goto("/login?redirect=/dashboard");
  await expect(second.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();

  await signInWithForm(first, account);
  await expect(first).toHaveURL("/dashboard");
  await expect(second).toHaveURL("/dashboard");
  await expect(second.getByRole("heading", { name: /Welcome back, Ada/ })).toBeVisible();
});
