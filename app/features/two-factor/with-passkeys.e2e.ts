import { expect, test } from "@playwright/test";
import { newAccount } from "../../../tests/fixtures/accounts";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";
import {
  addPasskey,
  addVirtualAuthenticator,
  nameKeysAtSignIn,
  withoutPasskeyAutofill,
} from "../passkeys/e2e-fixtures";
import { isSignedIn, turnOnTwoFactor } from "./test-fixtures";

// Each test signs in a few times, in browsers of their own (scrypt, and a busy CI machine).
test.describe.configure({ timeout: 60_000 });

test("a passkey's sign-in asks for no code: it is two factors in one", async ({ browser }) => {
  const account = newAccount();
  const withPasskey = await browser.newContext();
  const passkeyPage = await withPasskey.newPage();
  await withoutPasskeyAutofill(passkeyPage);
  await addVirtualAuthenticator(passkeyPage);
  await openDashboardAs(passkeyPage, account);
  await addPasskey(passkeyPage, "Laptop");
  await turnOnTwoFactor(passkeyPage);
  await withPasskey.clearCookies({ name: /session_token$/ });
  await passkeyPage.goto("/login");
  await waitForHydration(passkeyPage);
  await passkeyPage.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(passkeyPage).toHaveURL("/dashboard");
  await withPasskey.close();
});

test("a passkey that does not check who holds it (a security key with no PIN) signs in alone, but not to an account with two-step sign-in", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await withoutPasskeyAutofill(page);
  await nameKeysAtSignIn(page, await addVirtualAuthenticator(page, { userVerification: false }));
  await openDashboardAs(page);
  await addPasskey(page, "Security key");
  const signInWithPasskey = async () => {
    await context.clearCookies({ name: /session_token$/ });
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  };
  // Without two-step sign-in, a touch of the key signs in, as any passkey does.
  await signInWithPasskey();
  await expect(page).toHaveURL("/dashboard");

  // With it, the touch is one factor of the two the account asks for: no session.
  await turnOnTwoFactor(page);
  await signInWithPasskey();
  await expect(page.getByRole("alert")).toContainText("this passkey did not check that it is you");
  await expect(page).toHaveURL("/login");
  expect(await isSignedIn(page.request)).toBe(false);
  await context.close();
});
