/** Two-step sign-in's pages, driven in the browser: turned on by a new account, then the code step. */
import type { BrowserContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { newAccount, signUp } from "./accounts.ts";
import { baseURL, origin } from "./server.ts";

/** Two-step sign-in's states, in the order `twoFactorStates` reaches them. */
export const TWO_FACTOR_STATES = [
  "two-factor-off",
  "two-factor-setup",
  "two-factor-codes",
  "two-factor-on",
  "second-step",
  "second-step-recovery",
] as const;
type TwoFactorState = (typeof TWO_FACTOR_STATES)[number];

/**
 * Two-step sign-in, turned on by a new account in `page`'s browser, fresh
 * from signing up: its page off, setting up (the QR code and key), the
 * recovery codes (only ever the answer to the confirming form post), on.
 * Then the code step of a browser of `another` that sent the password, for
 * the app's code and for a recovery code. `shoot` saves a page as `state`.
 */
export async function twoFactorStates(
  page: Page,
  another: () => Promise<BrowserContext>,
  shoot: (page: Page, state: TwoFactorState) => Promise<void>,
) {
  const account = newAccount();
  await signUp(page.request, account);
  await page.goto("/dashboard/two-factor");
  await shoot(page, "two-factor-off");
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("img", { name: /QR code/ }).waitFor();
  await shoot(page, "two-factor-setup");
  const key = (await page.locator("code").textContent()) ?? "";
  const app = new TOTP({ secret: Secret.fromBase32(key.replaceAll(" ", "")), digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(app.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("heading", { name: "Save your recovery codes" }).waitFor();
  await shoot(page, "two-factor-codes");
  await page.reload();
  await shoot(page, "two-factor-on");

  const other = await another();
  const password = await other.request.post("/login", {
    headers: origin,
    form: { intent: "signin", email: account.email, password: account.password, redirect: "/dashboard" },
    maxRedirects: 0,
  });
  const codeStep = new URL(password.headers().location ?? "/login/two-factor", baseURL);
  const otherPage = await other.newPage();
  await otherPage.goto(codeStep.href);
  await shoot(otherPage, "second-step");
  codeStep.searchParams.set("use", "recovery");
  await otherPage.goto(codeStep.href);
  await shoot(otherPage, "second-step-recovery");
  await other.close();
}

/** Turns on two-step sign-in for the account signed in in `page`'s browser (a fresh sign-in). */
export async function turnOnTwoStep(page: Page) {
  await page.goto("/dashboard/two-factor");
  await page.getByRole("button", { name: "Turn on" }).click();
  const key = (await page.locator("code").textContent()) ?? "";
  const app = new TOTP({ secret: Secret.fromBase32(key.replaceAll(" ", "")), digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(app.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("heading", { name: "Save your recovery codes" }).waitFor();
}
