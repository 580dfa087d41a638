import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { COLOR_MODE_STORAGE_KEY } from "~/lib/constants";
import {
  newAccount,
  openDashboardAs,
  sameOrigin,
  signUpByRequest,
  startSignUpByRequest,
} from "../fixtures/accounts";
import { makeUnverified } from "../fixtures/database";
import { linkIn, waitForMail } from "../fixtures/mailbox";
import { waitForHydration } from "../fixtures/page-state";

/** axe-core's findings, short enough to read in a failed test's output. */
async function violationsOn(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  }));
}

// axe-core reads every node of a page, seconds each on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

for (const mode of ["light", "dark"] as const) {
  test.describe(`${mode} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
        COLOR_MODE_STORAGE_KEY,
        mode,
      ] as const);
    });

    test("the landing and sign-in pages have no accessibility violations", async ({ page }) => {
      for (const path of ["/", "/login"]) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(mode);
        expect(await violationsOn(page), path).toEqual([]);
      }
    });

    test("the pages behind mailed links have no accessibility violations", async ({ page, browser }) => {
      const account = newAccount();
      const other = await browser.newContext();
      await signUpByRequest(other.request, account);
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
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(mode);
        expect(await violationsOn(page), path).toEqual([]);
      }
    });

    test("the sign-up's 'Check your inbox' pages have no accessibility violations", async ({ page }) => {
      const checkInbox = (await startSignUpByRequest(page.request, newAccount())).headers().location ?? "";
      for (const path of [checkInbox, "/confirm-sign-up?id=no-longer-valid"]) {
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator("html")).toHaveClass(mode);
        expect(await violationsOn(page), path).toEqual([]);
      }
    });

    test("the dashboard has no accessibility violations, also with its forms and dialog open", async ({
      page,
    }) => {
      await openDashboardAs(page);
      await expect(page.locator("html")).toHaveClass(mode);
      expect(await violationsOn(page)).toEqual([]);

      await page.getByRole("button", { name: "Delete account…" }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await violationsOn(page)).toEqual([]);
    });
  });
}
