import { expect, test } from "@playwright/test";
import { expectNoViolations, inEachColorMode, violationsOn, watchEveryPage } from "../fixtures/accessibility";
import { newAccount, sameOrigin, startSignUpByRequest } from "../fixtures/accounts";
import { makeUnverified } from "../fixtures/database";
import { linkIn, waitForMail } from "../fixtures/mailbox";
import { waitForHydration } from "../fixtures/page-state";
import { loginInContext, openDashboardAs } from "../fixtures/signed-in";

watchEveryPage(test);

inEachColorMode(test, (mode) => {
  test("the landing, sign-in, create-account, forgot-password and 404 pages have no accessibility violations", async ({
    page,
  }) => {
    for (const path of ["/", "/login", "/login?mode=signup", "/forgot-password", "/no/such/page"]) {
      await page.goto(path);
      await expectNoViolations(page, mode, path);
    }
    // A refused sign-in: its alert is readable too.
    await page.goto("/login");
    await waitForHydration(page);
    // An address nobody signed up with, new each time: its failure budget is its own.
    await page.getByLabel("Email").fill(newAccount().email);
    await page.getByLabel("Password", { exact: true }).fill("not a password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await violationsOn(page), "refused sign-in").toEqual([]);
  });

  test("the pages behind mailed links have no accessibility violations", async ({ page, browser }) => {
    const account = newAccount();
    const other = await browser.newContext();
    await loginInContext(other, account);
    // Verification links are for accounts made before email-first sign-up.
    await makeUnverified(account.email);
    await other.request.post("/dashboard", {
      headers: sameOrigin,
      form: { intent: "resend-verification" },
    });
    await other.request.post("/logout", { headers: sameOrigin });
    await page.request.post("/forgot-password", { headers: sameOrigin, form: { email: account.email } });
    await other.close();
    const reset = linkIn(await waitForMail(account.email, /^Reset your/), "/reset-password");
    const verify = linkIn(await waitForMail(account.email, /^Confirm your email/), "/verify-email");
    for (const path of ["/forgot-password", reset, verify, "/sign-out-everywhere?token=no-longer-valid"]) {
      await page.goto(path);
      await expectNoViolations(page, mode, path);
    }
  });

  test("the sign-up's 'Check your inbox' pages have no accessibility violations", async ({ page }) => {
    const checkInbox = (await startSignUpByRequest(page.request, newAccount())).headers().location ?? "";
    for (const path of [checkInbox, "/confirm-sign-up?id=no-longer-valid"]) {
      await page.goto(path);
      await expectNoViolations(page, mode, path);
    }
  });

  test("the dashboard has no accessibility violations, also with its forms and dialog open", async ({
    page,
  }) => {
    await openDashboardAs(page);
    await expect(page.locator("html")).toHaveClass(mode);
    expect(await violationsOn(page)).toEqual([]);
    await page.goto("/");
    await waitForHydration(page);
    expect(await violationsOn(page), "/ signed in").toEqual([]);
    // With the account menu open, the page stays a page: nothing is hidden from assistive technology.
    await page.getByRole("button", { name: /^Account menu for/ }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await violationsOn(page), "account menu open").toEqual([]);
    await page.goto("/dashboard");
    await waitForHydration(page);

    await page.getByRole("button", { name: "Delete account…" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await violationsOn(page)).toEqual([]);
  });
});
