import { expect, test } from "@playwright/test";
import { linkIn, waitForMail } from "../../../tests/fixtures/mailbox";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { openDashboardAs } from "../../../tests/fixtures/signed-in";
import { addPasskey, addVirtualAuthenticator } from "../passkeys/e2e-fixtures";
import { OIDC_NAME } from "../sign-in-providers/e2e-provider";
import { signInAtProvider } from "../sign-in-providers/e2e-provider-flow";
import { CHANGED_SUBJECT, changeAddress } from "./e2e-fixtures";

// The email change with the other features' ways in: those added after a change go with its undo,
// and a provider linked before it vouches for the previous address.

test("the old address's undo takes back the passkey and the provider added since the change", async ({
  page,
  browser,
}) => {
  const account = await openDashboardAs(page);
  const theirs = await changeAddress(page);
  await page.goto("/dashboard");
  await addVirtualAuthenticator(page);
  await addPasskey(page, "Their laptop");
  await page.getByRole("button", { name: `Link ${OIDC_NAME}` }).click();
  await signInAtProvider(page, theirs);
  await expect(page.getByText(`${OIDC_NAME} linked.`)).toBeVisible();

  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await ownerPage.goto(linkIn(await waitForMail(account.email, CHANGED_SUBJECT), "/undo-email-change"));
  await ownerPage.getByRole("button", { name: "Undo and sign out everywhere" }).click();
  await expect(ownerPage.getByRole("heading", { name: "Email change undone" })).toBeVisible();
  const removed = ownerPage.getByRole("list", { name: "Removed from your account" });
  await expect(removed).toContainText("1 passkey");
  await expect(removed).toContainText(`Signing in with ${OIDC_NAME}`);
  await owner.close();
});

test("a provider linked before the change is shown as vouching for the previous address", async ({
  page,
}) => {
  const account = await openDashboardAs(page);
  await page.getByRole("button", { name: `Link ${OIDC_NAME}` }).click();
  await signInAtProvider(page, account.email);
  await expect(page.getByText(`${OIDC_NAME} linked.`)).toBeVisible();
  const provider = page
    .getByRole("list", { name: "Sign-in providers" })
    .getByRole("listitem")
    .filter({ hasText: OIDC_NAME });
  await expect(provider).not.toContainText("previous email address");

  await changeAddress(page);
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(provider).toContainText("with your previous email address");
});
