import { expect, type Page } from "@playwright/test";
import { newAccount, sameOrigin } from "../../../tests/fixtures/accounts";
import { signedInMinutesAgo } from "../../../tests/fixtures/database";
import { waitForHydration } from "../../../tests/fixtures/page-state";
import { loginInContext, openDashboardAs, test } from "../../../tests/fixtures/signed-in";
import { addPasskey, addVirtualAuthenticator, withoutPasskeyAutofill } from "./e2e-fixtures";

/** As a browser without WebAuthn's JSON helpers (Safari before 18.4): the app falls back to SimpleWebAuthn. */
async function withoutWebAuthnJson(page: Page) {
  await page.addInitScript(() => {
    const credential = PublicKeyCredential as unknown as Record<string, unknown>;
    delete credential.parseRequestOptionsFromJSON;
    delete credential.parseCreationOptionsFromJSON;
  });
}

/** Whether SimpleWebAuthn was loaded, recognised by one of its messages. */
function watchForWebAuthnLibrary(page: Page): () => Promise<boolean> {
  const bodies: Promise<string>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") bodies.push(response.text().catch(() => ""));
  });
  return async () =>
    (await Promise.all(bodies)).some((body) =>
      body.includes("Cancelling existing WebAuthn API call for new one"),
    );
}

async function signOut(page: Page) {
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
}

test("add a passkey on the dashboard, sign out, and sign in with it", async ({ login, page }) => {
  await withoutPasskeyAutofill(page);
  const libraryLoaded = watchForWebAuthnLibrary(page);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  await login(newAccount());
  await page.goto("/dashboard");
  await waitForHydration(page);
  await expect(page.getByText("No passkeys yet.")).toBeVisible();

  await addPasskey(page, "Work laptop");
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByText(/^Added /)).toBeVisible();
  await page.getByLabel("Rename passkey Work laptop").click();
  await page.getByLabel("New name for passkey Work laptop").fill("Home laptop");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Passkey renamed.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("Home laptop")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  await signOut(page);
  await page.goto("/login?redirect=/dashboard");
  await waitForHydration(page);
  const verified = page.waitForResponse((response) =>
    response.url().endsWith("/api/auth/passkey/verify-authentication"),
  );
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for Ada Lovelace" })).toBeVisible();
  // The session token travels in the HttpOnly cookie only, never in the answer's body.
  const session = (await page.context().cookies()).find((cookie) => cookie.name.endsWith("session_token"));
  const token = decodeURIComponent(session?.value ?? "").split(".")[0] ?? "";
  expect(token.length).toBeGreaterThan(20);
  const body = await (await verified).text();
  expect(body).not.toContain(token);
  expect(body).not.toContain('"token"');
  // The browser's own JSON helpers did it: no WebAuthn library was downloaded.
  expect(await libraryLoaded()).toBe(false);
});

test("a browser without WebAuthn's JSON helpers adds a passkey and signs in with it too", async ({
  login,
  page,
}) => {
  await withoutPasskeyAutofill(page);
  await withoutWebAuthnJson(page);
  const libraryLoaded = watchForWebAuthnLibrary(page);
  await addVirtualAuthenticator(page);
  await login(newAccount());
  await page.goto("/dashboard");
  await waitForHydration(page);
  await addPasskey(page, "Old tablet");

  await signOut(page);
  await page.goto("/login?redirect=/dashboard");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL("/dashboard");
  expect(await libraryLoaded()).toBe(true);
});

test("where the browser offers passkeys in the email field's autofill, picking one signs in", async ({
  login,
  page,
}) => {
  await addVirtualAuthenticator(page);
  await login(newAccount("Grace Hopper"));
  await page.goto("/dashboard");
  await waitForHydration(page);
  await addPasskey(page, "Phone");
  await signOut(page);

  // The email field offers passkeys in its autofill list…
  const signInPage = await (await page.request.get("/login")).text();
  expect(signInPage).toMatch(/<input[^>]*autocomplete="username webauthn"/i);
  // …and Chromium's virtual authenticator picks its only passkey from that list at once.
  await page.goto("/login?redirect=/dashboard");
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Grace" })).toBeVisible();
});

test("a deleted passkey no longer signs in", async ({ login, page }) => {
  await withoutPasskeyAutofill(page);
  await addVirtualAuthenticator(page);
  await login(newAccount());
  await page.goto("/dashboard");
  await waitForHydration(page);
  await addPasskey(page, "Old phone");

  await page.getByRole("button", { name: "Delete passkey Old phone" }).click();
  await expect(page.getByText("No passkeys yet.")).toBeVisible();

  await signOut(page);
  await page.goto("/login");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText("Passkey not found");
  await expect(page).toHaveURL("/login");
});

test("nobody can delete another person's passkey", async ({ login, page, browser }) => {
  await addVirtualAuthenticator(page);
  await login(newAccount());
  await page.goto("/dashboard");
  await waitForHydration(page);
  await addPasskey(page, "Mine");
  const id = await page.locator('input[name="id"]').first().inputValue();

  const other = await browser.newContext();
  await loginInContext(other, newAccount("Mallory"));
  const response = await other.request.post("/dashboard", {
    headers: sameOrigin,
    form: { intent: "delete-passkey", id },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(404);
  await other.close();

  await page.reload();
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("Mine")).toBeVisible();
});

test("a passkey added without a name is named after this device", async ({ login, page }) => {
  await addVirtualAuthenticator(page);
  await login(newAccount());
  await page.goto("/dashboard");
  await waitForHydration(page);
  const name = page.getByLabel("Passkey name");
  // The suite browses as Chrome on Linux (playwright.config.ts).
  await expect(name).toHaveAttribute("placeholder", "Chrome on Linux");
  await page.getByRole("button", { name: "Add passkey" }).click();
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("Chrome on Linux")).toBeVisible();
});

test("when the browser refuses to create a passkey, the reason is said for people, not in the browser's words", async ({
  login,
  page,
}) => {
  await page.addInitScript(() => {
    navigator.credentials.create = async () => {
      throw new DOMException("This is an invalid domain.", "SecurityError");
    };
  });
  await login(newAccount());
  await page.goto("/dashboard");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add passkey" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText(
    "Passkeys cannot be created on this address. Open the app at its usual address and try again.",
  );
  await expect(page.getByText("No passkeys yet.")).toBeVisible();
});

test("a session signed in more than 5 minutes ago cannot add a passkey, by the page or the ceremony's endpoints", async ({
  page,
}) => {
  const account = await openDashboardAs(page);
  await signedInMinutesAgo(account.email, 10);

  // The passkey ceremony's own endpoints, called as an attacker would.
  const options = await page.request.get("/api/auth/passkey/generate-register-options");
  expect(options.status()).toBe(403);
  expect(await options.json()).toMatchObject({ code: "SIGN_IN_NOT_RECENT" });
  await page.getByLabel("Passkey name").fill("Stolen");
  await page.getByRole("button", { name: "Add passkey" }).click();
  await expect(page.getByText("this needs a sign-in from the last 5 minutes").last()).toBeVisible();
});
