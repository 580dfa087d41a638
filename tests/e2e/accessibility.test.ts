import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { COLOR_MODE_STORAGE_KEY } from "~/lib/constants";
import { newAccount, sameOrigin, startSignUpByRequest } from "../fixtures/accounts";
import { makeUnverified } from "../fixtures/database";
import { linkIn, waitForMail } from "../fixtures/mailbox";
import { waitForHydration } from "../fixtures/page-state";
import { loginInContext, openDashboardAs } from "../fixtures/signed-in";
import { passwordStepIn, turnOnTwoFactor } from "../fixtures/two-factor";

/**
 * The rules a colour mode can change: in dark mode axe checks only these,
 * since every other rule (names, landmarks, structure) sees the same page
 * as in light mode, where all of them run. Half the suite's axe time.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** axe-core's findings, short enough to read in a failed test's output. */
async function violationsOn(page: Page) {
  const dark = await page.locator("html").evaluate((html) => html.classList.contains("dark"));
  const axe = new AxeBuilder({ page });
  const { violations } = await (dark ? axe.withRules(COLOUR_RULES) : axe).analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  }));
}

type ColorMode = "light" | "dark";

/** Every page `target` (a page, or all of a browser's) opens from now on is in `mode`. */
async function inColorMode(target: Pick<BrowserContext, "addInitScript">, mode: ColorMode) {
  await target.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    COLOR_MODE_STORAGE_KEY,
    mode,
  ] as const);
}

/** The page as it is now, hydrated and in `mode`: axe finds nothing (`label` names it in a failure). */
async function expectNoViolations(page: Page, mode: ColorMode, label: string) {
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveClass(mode);
  expect(await violationsOn(page), label).toEqual([]);
}

// axe-core reads every node of a page, seconds each on a busy 2-core machine.
test.describe.configure({ timeout: 60_000 });

/** Paths whose own answer is an error on purpose: their document's status is not a failure. */
const ERROR_PAGES = new Set(["/no/such/page", "/sign-out-everywhere", "/undo-email-change"]);

/** What went wrong in the browser while a test ran: console errors, and requests that failed. */
const problems = new WeakMap<Page, string[]>();

/**
 * Watches `page` for what goes wrong in the browser: console errors, and
 * requests that failed (a 4xx/5xx answer or none at all). Answers the list
 * it fills.
 */
function watchForProblems(page: Page): string[] {
  const seen: string[] = [];
  // A refused form post (a wrong password: 401) is an answer, not a failure; its URL is noted.
  const refusals = new Set<string>();
  const expected = (url: string) => ERROR_PAGES.has(new URL(url).pathname) || refusals.has(url);
  page.on("console", (message) => {
    if (message.type() === "error" && !expected(message.location().url || page.url()))
      seen.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => seen.push(`page error: ${error.message}`));
  page.on("requestfailed", (request) => {
    // A navigation that replaced a page still loading is not a failure.
    if (request.failure()?.errorText !== "net::ERR_ABORTED") seen.push(`failed: ${request.url()}`);
  });
  page.on("response", (response) => {
    if (response.status() < 400) return;
    if (response.request().method() === "POST") refusals.add(response.url());
    else if (!expected(response.url())) seen.push(`${response.status()}: ${response.url()}`);
  });
  return seen;
}

// Every page these tests visit, signed in or out, in both modes: no console
// error, no failed request, besides axe.
test.beforeEach(({ page }) => {
  problems.set(page, watchForProblems(page));
});

test.afterEach(({ page }) => {
  expect(problems.get(page)).toEqual([]);
});

for (const mode of ["light", "dark"] satisfies ColorMode[]) {
  test.describe(`${mode} mode`, () => {
    test.beforeEach(async ({ page }) => {
      await inColorMode(page, mode);
    });

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

    test("the email change's pages have no accessibility violations", async ({ page, browser }) => {
      const account = newAccount();
      const other = await browser.newContext();
      await loginInContext(other, account);
      const newEmail = `moved.${account.email}`;
      await other.request.post("/dashboard", {
        headers: sameOrigin,
        form: { intent: "change-email", newEmail },
      });
      await other.close();
      const change = linkIn(await waitForMail(newEmail, /^Confirm your new email address/), "/change-email");
      for (const path of [change, "/undo-email-change?token=no-longer-valid"]) {
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

    test("two-step sign-in's settings, in every state, and its code step have no accessibility violations", async ({
      page,
      browser,
    }) => {
      // Seven pages for axe, two sign-ins: more than the others.
      test.slow();
      const account = await openDashboardAs(page);
      await turnOnTwoFactor(page, (state) =>
        expectNoViolations(page, mode, `/dashboard/two-factor ${state}`),
      );
      await page.reload();
      await expect(page.getByRole("button", { name: "Turn off" })).toBeVisible();
      await expectNoViolations(page, mode, "/dashboard/two-factor on");

      // A second browser, its password sent: the code step, for the app's code and for a recovery code.
      const { context, page: codeStep } = await passwordStepIn(browser, account);
      await inColorMode(context, mode);
      const seen = watchForProblems(codeStep);
      const step = new URL(codeStep.url());
      const recovery = new URLSearchParams(step.search);
      recovery.set("use", "recovery");
      for (const [path, field] of [
        [`${step.pathname}${step.search}`, "Authenticator code"],
        [`${step.pathname}?${recovery}`, "Recovery code"],
      ] as const) {
        await codeStep.goto(path);
        await expect(codeStep.getByLabel(field)).toBeVisible();
        await expectNoViolations(codeStep, mode, path);
      }
      // Its pending sign-in gone (too long, too many tries): "Sign in again".
      await context.clearCookies({ name: /two_factor$/ });
      await codeStep.goto(step.pathname + step.search);
      await expect(codeStep.getByRole("link", { name: "Sign in again" })).toBeVisible();
      await expectNoViolations(codeStep, mode, "/login/two-factor without a pending sign-in");
      expect(seen).toEqual([]);
      await context.close();
    });
  });
}
