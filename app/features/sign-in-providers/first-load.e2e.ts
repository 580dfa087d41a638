import { expect } from "@playwright/test";
import { CODE_LOADED_ON_USE, expectFetched, firstLoadScripts } from "../../../tests/fixtures/first-load";
import { freshDir, launchApp, portFor, stopServer } from "../../../tests/fixtures/server-process";
import { test } from "../../../tests/fixtures/signed-in";

/** The provider buttons' code: a popup and its messages, fetched by /login only where a provider is configured. */
const PROVIDER_CODE = /\/assets\/(?:provider-sign-in|sign-in-popup)-[\w-]+\.js$/;

test("the sign-in page fetches the provider buttons' code because providers are configured", async ({
  page,
}) => {
  const scripts = await firstLoadScripts(page, "/login");
  expect(scripts.filter((path) => !PROVIDER_CODE.test(path) && CODE_LOADED_ON_USE.test(path))).toEqual([]);
  await expectFetched(scripts, PROVIDER_CODE);
  await expect(page.getByRole("button", { name: /^Sign in with / }).first()).toBeVisible();
});

test.describe("with no sign-in provider configured", () => {
  const port = portFor(87);
  let server: Awaited<ReturnType<typeof launchApp>>;
  test.beforeAll(async () => {
    server = await launchApp(port, freshDir("no-providers"));
  });
  test.afterAll(async () => {
    await stopServer(server);
  });

  test("the sign-in page fetches no provider code at all", async ({ page }) => {
    const scripts = await firstLoadScripts(page, `http://localhost:${port}/login`);
    expect(scripts.filter((path) => CODE_LOADED_ON_USE.test(path))).toEqual([]);
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Sign in with (?!a passkey)/ })).toHaveCount(0);
  });
});
