import { expect } from "@playwright/test";
import { ACCOUNT_REFUSED_MESSAGE } from "~/lib/constants";
import { newAccount } from "../../../tests/fixtures/accounts";
import { queryAll } from "../../../tests/fixtures/database";
import { waitForElementHydration, waitForHydration } from "../../../tests/fixtures/page-state";
import { createSignedInAccount, test } from "../../../tests/fixtures/signed-in";
import { suspendInDatabase } from "../admin/e2e-suspension";
import { OIDC_NAME } from "./e2e-provider";
import { signInAtProvider } from "./e2e-provider-flow";

// An account the admin console suspended (its `banned` column): this journey needs that feature.
test("while suspended, a provider's sign-in with the account's address answers the message and links nothing", async ({
  page,
}) => {
  const person = await createSignedInAccount(newAccount());
  await suspendInDatabase(person.userId);

  // A full-page sign-in (popups blocked), as ./oidc-sign-in.e2e.ts starts one.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto("/login?redirect=/dashboard");
  await waitForHydration(page);
  const providerButton = page.getByRole("button", { name: `Sign in with ${OIDC_NAME}` });
  await waitForElementHydration(providerButton);
  await providerButton.click();
  await signInAtProvider(page, person.email);
  await expect(page).toHaveURL(/\/login\?redirect=\/dashboard&error=BANNED_USER$/);
  await expect(page.getByRole("alert").filter({ hasText: ACCOUNT_REFUSED_MESSAGE })).toHaveText(
    ACCOUNT_REFUSED_MESSAGE,
  );
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
  const [linked] = await queryAll([
    { text: `SELECT "providerId" FROM "account" WHERE "userId" = ?`, params: [person.userId] },
  ]);
  expect(linked?.rows).toEqual([{ providerId: "credential" }]);
});
