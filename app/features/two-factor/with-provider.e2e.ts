import { expect, test } from "@playwright/test";
import { sameOrigin } from "../../../tests/fixtures/accounts";
import { callbackFromProvider, signInWithProviderByRequest } from "../sign-in-providers/e2e-provider-flow";
import { isSignedIn, turnOnTwoFactor } from "./test-fixtures";

// Each test signs in a few times, in browsers of their own (scrypt, and a busy CI machine).
test.describe.configure({ timeout: 60_000 });

test("a provider's sign-in asks for the code too, unless the browser is trusted", async ({
  page,
  browser,
}) => {
  const email = `provider.${Date.now()}@example.com`;
  await signInWithProviderByRequest(page.request, email);
  await page.goto("/dashboard");
  const { app } = await turnOnTwoFactor(page);

  const other = await browser.newContext();
  const signInWithProvider = async () => {
    const callback = await callbackFromProvider(other.request, { email });
    const landed = await other.request.get(callback.href, { maxRedirects: 0 });
    expect(landed.status()).toBe(302);
    return landed.headers().location;
  };
  expect(await signInWithProvider()).toBe("/login/two-factor?redirect=/dashboard");
  expect(await isSignedIn(other.request)).toBe(false);
  const code = await other.request.post("/login/two-factor", {
    headers: sameOrigin,
    form: { code: app.next(), trust: "on", redirect: "/dashboard" },
    maxRedirects: 0,
  });
  expect(code.status()).toBe(302);
  expect(await isSignedIn(other.request)).toBe(true);
  // Trusted, this browser's next provider sign-in skips the code.
  await other.clearCookies({ name: /session_token$/ });
  expect(await signInWithProvider()).toBe("/dashboard");
  expect(await isSignedIn(other.request)).toBe(true);
  await other.close();
});
