import { expect, test } from "@playwright/test";
import { expectNoViolations, watchEveryPage } from "../fixtures/accessibility";
import { newAccount, sameOrigin, startSignUpByRequest } from "../fixtures/accounts";
import { makeUnverified } from "../fixtures/database";
import { linkIn, waitForMail } from "../fixtures/mailbox";
import { waitForElementHydration, waitForHydration } from "../fixtures/page-state";
import { loginInContext, openDashboardAs } from "../fixtures/signed-in";

watchEveryPage(test);

test("the landing, sign-in, create-account, forgot-password and 404 pages have no accessibility violations", async ({
  page,
}) => {
  for (const path of ["/", "/login", "/login?mode=signup", "/forgot-password", "/no/such/page"]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
  // A refused sign-in: its alert is readable too.
  await page.goto("/login");
  await waitForHydration(page);
  // An address nobody signed up with, new each time: its failure budget is its own.
  await page.getByLabel("Email").fill(newAccount().email);
  await page.getByLabel("Password", { exact: true }).fill("not a password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectNoViolations(page, "refused sign-in");
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
    await expectNoViolations(page, path);
  }
});

test("the sign-up's 'Check your inbox' pages have no accessibility violations", async ({ page }) => {
  const checkInbox = (await startSignUpByRequest(page.request, newAccount())).headers().location ?? "";
  for (const path of [checkInbox, "/confirm-sign-up?id=no-longer-valid"]) {
    await page.goto(path);
    await expectNoViolations(page, path);
  }
});

test("the dashboard has no accessibility violations, also with its forms and dialog open", async ({
  page,
}) => {
  await openDashboardAs(page);
  await expectNoViolations(page, "/dashboard");
  await page.goto("/");
  await expectNoViolations(page, "/ signed in");
  // With the account menu open, the page stays a page: nothing is hidden from assistive technology.
  const accountMenu = page.getByRole("button", { name: /^Account menu for/ });
  await waitForElementHydration(accountMenu);
  await accountMenu.click();
  await expect(page.getByRole("menu")).toBeVisible();
  await expectNoViolations(page, "account menu open");
  await page.goto("/dashboard");
  await waitForHydration(page);

  await page.getByRole("button", { name: "Delete account…" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "the delete-account dialog");
});
