import { expect } from "@playwright/test";
import { createAccountWithForm, newAccount, sameOrigin, signInWithForm } from "../fixtures/accounts";
import { APP_NAME, exactly } from "../fixtures/app-name";
import { waitForMail } from "../fixtures/mailbox";
import { waitForElementHydration } from "../fixtures/page-state";
import { createAccount, test } from "../fixtures/signed-in";

test("create an account, use the dashboard, sign out, and sign in again", async ({ page }) => {
  const account = newAccount();
  await createAccountWithForm(page, account);

  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
  await expect(page.getByText(account.email).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for Ada Lovelace" })).toBeVisible();

  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

  await page.goto("/dashboard");
  await expect(page).toHaveURL("/login?redirect=/dashboard");

  await signInWithForm(page, account);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { name: "Welcome back, Ada" })).toBeVisible();
});

test("sign out from the header's account menu", async ({ login, page }) => {
  await login(newAccount("Grace Hopper"));
  await page.goto("/dashboard");
  const menu = page.getByRole("button", { name: "Account menu for Grace Hopper" });
  // The server's button shows before its code has run: a click then would open nothing.
  await waitForElementHydration(menu);
  await menu.click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  expect(await (await page.request.get("/api/_auth/session")).json()).toEqual({});
});

test("an unknown email and a wrong password get the same message", async ({ page }) => {
  const account = await createAccount();

  await page.goto("/login");
  await signInWithForm(page, { email: account.email, password: "wrong password!" });
  const alert = page.getByRole("alert");
  await expect(alert).toHaveText("Invalid email or password.");

  await signInWithForm(page, { email: `nobody-${account.email}`, password: account.password });
  await expect(alert).toHaveText("Invalid email or password.");
  await expect(page).toHaveURL("/login");
});

test("inline errors name the field and keep what was typed", async ({ page }) => {
  await page.goto("/login?mode=signup");
  await page.getByLabel("Name").fill("Ada");
  await page.getByLabel("Email").fill("ada@example.com");
  await page.getByLabel("Password").fill("short");
  // The browser's own checks would stop the post; this tests the server's.
  await page
    .locator("form")
    .filter({ has: page.getByLabel("Password") })
    .evaluate((form) => form.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Use at least 8 characters.")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
});

test("an email that already has an account gets the same 'Check your inbox'; its owner is mailed instead", async ({
  page,
}) => {
  const account = await createAccount();
  await page.goto("/login?mode=signup");
  await page.getByLabel("Name").fill("Someone Else");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("another password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByText(account.email)).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await waitForMail(
    account.email,
    exactly(`Someone tried to create a ${APP_NAME} account with your address`),
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("forms post, errors come back with their status, and sign-in works", async ({ page }) => {
    const account = newAccount();
    await createAccountWithForm(page, account);
    await expect(page).toHaveURL("/dashboard");

    await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");

    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill("not the password");
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Sign in", exact: true }).click(),
    ]);
    expect(response.status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");

    await signInWithForm(page, account);
    await expect(page).toHaveURL("/dashboard");
  });
});

test("malformed sign-in input answers 400, a body that is not a form 415, wrong credentials 401", async ({
  request,
}) => {
  const post = (form: Record<string, string>) =>
    request.post("/login", { headers: sameOrigin, form, maxRedirects: 0 });
  expect((await post({ intent: "signin", email: "not-an-email", password: "x" })).status()).toBe(400);
  expect((await post({ intent: "signin", email: "a@example.com", password: "" })).status()).toBe(400);
  expect((await post({ intent: "signin", email: "a@example.com", password: "p".repeat(129) })).status()).toBe(
    400,
  );
  expect(
    (await post({ intent: "signup", name: "A", email: "a@example.com", password: "p".repeat(129) })).status(),
  ).toBe(400);
  expect(
    (await post({ intent: "signin", email: newAccount().email, password: "long enough" })).status(),
  ).toBe(401);

  const notAForm = await request.post("/login", {
    headers: { ...sameOrigin, "Content-Type": "application/json" },
    data: JSON.stringify({ email: "a@example.com" }),
  });
  expect(notAForm.status()).toBe(415);
  expect(await notAForm.json()).toEqual({ error: "Unsupported Media Type" });
});

test("a sign-in posted from another site is refused", async ({ request }) => {
  const response = await request.post("/login", {
    headers: { Origin: "https://evil.example" },
    form: { intent: "signin", email: "a@example.com", password: "whatever1" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
});
