import { expect } from "@playwright/test";
import { ACCOUNT_REFUSED_MESSAGE } from "~/lib/constants";
import { newAccount } from "../../../tests/fixtures/accounts";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { openDashboard, test } from "../../../tests/fixtures/signed-in";
import { suspendInDatabase } from "../admin/e2e-suspension";
import { addPasskey, addVirtualAuthenticator, withoutPasskeyAutofill } from "./e2e-fixtures";

// An account the admin console suspended (its `banned` column): this journey needs that feature.
test("while suspended, a passkey's sign-in answers the message and opens no session", async ({
  login,
  page,
}) => {
  await withoutPasskeyAutofill(page);
  await addVirtualAuthenticator(page);
  const person = await login(newAccount());
  await openDashboard(page);
  await addPasskey(page, "Work laptop");
  await suspendInDatabase(person.userId);

  // The console would also end the account's sessions (marked in the database, they stay): signed out,
  // the browser signs in with its passkey.
  await page.context().clearCookies({ name: /session_token$/ });
  await page.goto("/login?redirect=/dashboard");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert").filter({ hasText: ACCOUNT_REFUSED_MESSAGE })).toHaveText(
    ACCOUNT_REFUSED_MESSAGE,
  );
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
});
