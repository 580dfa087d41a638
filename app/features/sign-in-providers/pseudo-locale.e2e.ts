import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { APP_NAME } from "../../../tests/fixtures/app-name";
import { expectPseudoLocalized, PSEUDO_LOCALE, pseudo } from "../../../tests/fixtures/pseudo-locale";
import { signInWithProviderByRequest } from "./e2e-provider-flow";

// The sign-in providers' pages in the pseudo-locale (docs/i18n.md): a refused callback, a refused
// sign-in on /login, and the dashboard of a person who signs in with a provider only. Every word from a
// catalogue, none left in the code (the provider's own name is marked translate="no"), and axe finds nothing.
test.use({ locale: PSEUDO_LOCALE });

test("the sign-in providers' pages speak only the catalogues' words", async ({ page }) => {
  // Three pages, each checked by axe in both colour modes.
  test.setTimeout(90_000);
  await page.goto("/auth/result?error=state_not_found");
  await expect(page.getByRole("heading", { name: pseudo("Sign-in failed") })).toBeVisible();
  await expectPseudoLocalized(page, "/auth/result, a refused callback");
  await page.goto("/login?redirect=/dashboard&error=account_not_linked");
  await expect(page.getByRole("alert")).toBeVisible();
  await expectPseudoLocalized(page, "/login, a provider's sign-in refused");

  const email = `oidc-${randomUUID()}@example.com`;
  await signInWithProviderByRequest(page.request, email);
  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: /Test OpenID/ })).toBeVisible();
  // The person's address, from the provider, is theirs.
  await expectPseudoLocalized(page, "the dashboard, signed in with a provider only", [APP_NAME, email]);
});
