/**
 * A sign-in waiting at its two-step code when the account is suspended
 * (the admin console's suspension, marked in the database) is refused
 * there with the suspension's message, and no session is made. Needs the
 * admin feature listed (its columns, and better-auth's admin plugin that refuses the session).
 */
import { expect } from "@playwright/test";
import { ACCOUNT_REFUSED_MESSAGE } from "~/lib/constants";
import { newAccount } from "../../../tests/fixtures/accounts";
import { openDashboard, test } from "../../../tests/fixtures/signed-in";
import { suspendInDatabase } from "../admin/e2e-suspension";
import { passwordStepIn, turnOnTwoFactor } from "./test-fixtures";

test("a sign-in waiting at its code step when the account is suspended is refused there with the message", async ({
  browser,
  login,
  page,
}) => {
  const person = await login(newAccount());
  await openDashboard(page);
  const { app } = await turnOnTwoFactor(page);
  const step = await passwordStepIn(browser, person);
  await suspendInDatabase(person.userId);
  await step.page.getByLabel("Authenticator code").fill(app.next());
  await step.page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(step.page.getByRole("alert").filter({ hasText: ACCOUNT_REFUSED_MESSAGE })).toHaveText(
    ACCOUNT_REFUSED_MESSAGE,
  );
  expect(await (await step.page.request.get("/api/_auth/session")).json()).toEqual({});
  await step.context.close();
});
