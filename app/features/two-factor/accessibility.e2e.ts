import { expect, test } from "@playwright/test";
import { expectNoViolations, watchEveryPage, watchForProblems } from "../../../tests/fixtures/accessibility";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";
import { passwordStepIn, turnOnTwoFactor } from "./test-fixtures";

watchEveryPage(test);

test("two-step sign-in's settings, in every state, and its code step have no accessibility violations", async ({
  page,
  browser,
}) => {
  // Seven pages for axe, two sign-ins: more than the others.
  test.slow();
  const account = await openDashboardAs(page);
  await turnOnTwoFactor(page, (state) => expectNoViolations(page, `/dashboard/two-factor ${state}`));
  await page.reload();
  await expect(page.getByRole("button", { name: "Turn off" })).toBeVisible();
  await expectNoViolations(page, "/dashboard/two-factor on");

  // A second browser, its password sent: the code step, for the app's code and for a recovery code.
  const { context, page: codeStep } = await passwordStepIn(browser, account);
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
    await expectNoViolations(codeStep, path);
  }
  // Its pending sign-in gone (too long, too many tries): "Sign in again".
  await context.clearCookies({ name: /two_factor$/ });
  await codeStep.goto(step.pathname + step.search);
  await expect(codeStep.getByRole("link", { name: "Sign in again" })).toBeVisible();
  await expectNoViolations(codeStep, "/login/two-factor without a pending sign-in");
  expect(seen).toEqual([]);
  await context.close();
});
