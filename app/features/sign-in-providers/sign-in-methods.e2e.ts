import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { newAccount, sameOrigin, signInWithForm } from "../../../tests/fixtures/accounts";
import { secretsOf, signedInMinutesAgo } from "../../../tests/fixtures/database";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { openDashboard, openDashboardAs, test } from "../../../tests/fixtures/signed-in";
import { OIDC_NAME } from "./e2e-provider";
import { signInAtProvider, signInWithProviderByRequest } from "./e2e-provider-flow";

// A provider among the dashboard's sign-in methods: linking and unlinking, and accounts whose only way in it is (their first password, their deletion).

const LAST_WAY_IN = "This is your only way to sign in. Add another way to sign in before removing it.";

const unlinkButton = (page: Page) => page.getByRole("button", { name: `Unlink ${OIDC_NAME}` });

test("the only way in cannot be unlinked, by the page or the API; with a password set and a fresh sign-in it can", async ({
  page,
}) => {
  const email = `provider-only-${randomUUID()}@example.com`;
  await signInWithProviderByRequest(page.request, email);
  await openDashboard(page);
  await expect(page.getByText("your only way to sign in")).toBeVisible();

  await unlinkButton(page).click();
  await expect(page.getByRole("alert")).toHaveText(LAST_WAY_IN);
  // better-auth's own endpoints are no way around it: closed (the rule also holds there, see sign-in-methods.server.test.ts).
  expect((await page.request.get("/api/auth/list-accounts")).status()).toBe(404);
  const direct = await page.request.post("/api/auth/unlink-account", {
    headers: sameOrigin,
    data: { accountId: "any" },
  });
  expect(direct.status()).toBe(404);
  await page.reload();
  await expect(unlinkButton(page)).toBeVisible();

  const password = "a password of my own";
  await page.getByLabel("New password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(
    page.getByText("Password set. You can now also sign in with your email and password."),
  ).toBeVisible();
  await expect(page.getByText("your only way to sign in")).toHaveCount(0);

  // Unlinking also wants a recent sign-in.
  await signedInMinutesAgo(email, 10);
  await unlinkButton(page).click();
  await expect(page.getByRole("alert")).toContainText("this needs a sign-in from the last 5 minutes");
  await page.getByRole("button", { name: "Sign in again" }).click();
  await expect(page).toHaveURL("/login?redirect=/dashboard");
  await signInWithForm(page, { email, password });
  await expect(page).toHaveURL("/dashboard");
  await unlinkButton(page).click();
  await expect(page.getByText(`${OIDC_NAME} unlinked.`)).toBeVisible();
  await expect(page.getByRole("button", { name: `Link ${OIDC_NAME}` })).toBeVisible();
});

test("link a provider to a password account: only one that vouches for the same email", async ({
  login,
  page,
}) => {
  const account = newAccount();
  await login(account);
  await openDashboard(page);

  await page.getByRole("button", { name: `Link ${OIDC_NAME}` }).click();
  await signInAtProvider(page, `someone-else-${randomUUID()}@example.com`);
  await expect(page).toHaveURL("/dashboard?error=email_does_not_match");
  await expect(page.getByRole("alert")).toHaveText(
    "That provider account has another email address. Only an account with your email address can be linked.",
  );

  // Forget the provider's own session, so it asks who is signing in again.
  await page.context().clearCookies({ domain: "127.0.0.1" });
  await page.getByRole("button", { name: `Link ${OIDC_NAME}` }).click();
  await signInAtProvider(page, account.email);
  await expect(page.getByText(`${OIDC_NAME} linked.`)).toBeVisible();
  await expect(page).toHaveURL("/dashboard");
  await expect(unlinkButton(page)).toBeVisible();
  await expect(page.getByRole("list", { name: "Recent activity" })).toContainText(`${OIDC_NAME} linked`);
});

test("setting a first password refuses password1 on the field; the account still has none", async ({
  page,
}) => {
  const email = `provider-only-${randomUUID()}@example.com`;
  await signInWithProviderByRequest(page.request, email);
  await page.goto("/dashboard");
  await waitForHydration(page);
  const before = await secretsOf(email);
  const field = page.getByLabel("New password");
  await field.fill("password1");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(/too common or easy to guess/);
  expect(await secretsOf(email)).toEqual(before);
  await page.reload();
  await expect(page.getByText("Not set: add one to also sign in with your email address.")).toBeVisible();
});

test("an account without a password is deleted only after a fresh sign-in", async ({ page }) => {
  const email = `no-password-${randomUUID()}@example.com`;
  await signInWithProviderByRequest(page.request, email);
  await signedInMinutesAgo(email, 10);
  await openDashboard(page);

  await page.getByRole("button", { name: "Delete account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("Your account has no password, so confirm it is you");
  await expect(dialog.getByRole("button", { name: "Delete my account" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Sign in again" })).toBeVisible();
  // Posting anyway is refused by the server.
  const refused = await page.request.post("/dashboard", {
    headers: sameOrigin,
    form: { intent: "delete-account" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);

  await page.context().clearCookies();
  await signInWithProviderByRequest(page.request, email);
  await openDashboard(page);
  await page.getByRole("button", { name: "Delete account…" }).click();
  await expect(dialog).toContainText("You signed in less than 5 minutes ago, so no password is needed.");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByText("Your account was deleted.")).toBeVisible();
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
});

test("a session signed in more than 5 minutes ago cannot link a provider: the form's answer says so", async ({
  page,
}) => {
  const account = await openDashboardAs(page);
  await signedInMinutesAgo(account.email, 10);
  await page.getByRole("button", { name: `Link ${OIDC_NAME}` }).click();
  await expect(page.getByRole("alert")).toContainText("this needs a sign-in from the last 5 minutes");
});
