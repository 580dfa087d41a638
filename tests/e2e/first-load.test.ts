import { expect, type Page } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { FRAMEWORK_CHUNK, scriptsBeforeIdle } from "../fixtures/first-load";
import { waitForHydration } from "../fixtures/page-state";
import { freshDir, launchApp, portFor, stopServer } from "../fixtures/server-process";
import { test } from "../fixtures/signed-in";

/** Code that waits until it is used: menus, dialogs, toasts, status pages, preloading, passkey creation. */
const LATER =
  /\/assets\/(?:account-menu-content|color-mode-menu-content|dropdown-shell|toaster|http-error-screen|route-preload|build-check|passkey-registration)-[\w-]+\.js$/;
const PROVIDER_CODE = /\/assets\/(?:provider-sign-in|sign-in-popup)-[\w-]+\.js$/;

/**
 * The scripts a first visit to `url` fetches until the network is quiet and
 * the page is hydrated, with Save-Data on, so that the speculative preloading
 * of links stays out.
 */
async function firstLoadScripts(page: Page, url: string): Promise<string[]> {
  await page.addInitScript(() =>
    Object.defineProperty(navigator, "connection", { value: { saveData: true } }),
  );
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // The page's scripts load once its HTML is parsed, and hydration starts after the first paint:
  // on a busy machine the network can go quiet before either. What hydration asks for is asked by now.
  await waitForHydration(page);
  return scripts;
}

/** Code asked for as the page hydrates: on a busy machine that can be after the network went quiet. */
async function expectFetched(scripts: string[], pattern: RegExp) {
  await expect.poll(() => scripts.some((path) => pattern.test(path))).toBe(true);
}

/** The landing page's sections: served as HTML, their code fetched in idle time after hydration. */
const HOME_ISLANDS = /\/assets\/home-(?:hero|features)-[\w-]+\.js$/;

test("the landing page's sections are live only after hydration, their code fetched in idle time", async ({
  page,
}) => {
  const firstLoad = await scriptsBeforeIdle(page, "/");
  expect(firstLoad.some((path) => FRAMEWORK_CHUNK.test(path))).toBe(true);
  expect(firstLoad.filter((path) => HOME_ISLANDS.test(path))).toEqual([]);
  // The server's markup is there before their code: the way in is a plain link.
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/login",
  );
  const later: string[] = [];
  page.on("request", (request) => later.push(new URL(request.url()).pathname));
  await page.evaluate(() =>
    (window as unknown as { releaseIdleCallbacks: () => void }).releaseIdleCallbacks(),
  );
  await expect.poll(() => later.filter((path) => HOME_ISLANDS.test(path)).length).toBe(2);
});

test("a guest's first load of the landing page fetches none of the code that waits for use", async ({
  page,
}) => {
  const scripts = await firstLoadScripts(page, "/");
  expect(scripts.some((path) => /\/assets\/framework-/.test(path))).toBe(true);
  expect(scripts.filter((path) => LATER.test(path) || PROVIDER_CODE.test(path))).toEqual([]);
});

test("React and React Router come with V8's hint to compile them while they download", async ({ page }) => {
  const scripts = await firstLoadScripts(page, "/");
  const framework = scripts.find((path) => /\/assets\/framework-[\w-]+\.js$/.test(path)) ?? "";
  const code = await (await page.request.get(framework)).text();
  // The magic comment counts only as the file's first line.
  expect(code.split("\n", 1)[0]).toBe("//# allFunctionsCalledOnLoad");
});

test("the sign-in page fetches the provider buttons' code because providers are configured", async ({
  page,
}) => {
  const scripts = await firstLoadScripts(page, "/login");
  expect(scripts.filter((path) => LATER.test(path))).toEqual([]);
  await expectFetched(scripts, PROVIDER_CODE);
  await expect(page.getByRole("button", { name: /^Sign in with / }).first()).toBeVisible();
});

test("a signed-in page's account menu works as soon as the page is hydrated", async ({ login, page }) => {
  const account = newAccount();
  await login(account);
  const scripts = await firstLoadScripts(page, "/dashboard");
  expect(scripts.filter((path) => LATER.test(path))).toEqual([]);
  // The menu's own code comes when it is first opened.
  await page.getByRole("button", { name: `Account menu for ${account.name}` }).click();
  await expect(page.getByRole("menuitem", { name: /Sign out/ })).toBeVisible();
});

test("a status page brings its own code only when something went wrong", async ({ page }) => {
  const scripts = await firstLoadScripts(page, "/no-such-page");
  await expectFetched(scripts, /\/assets\/http-error-screen-[\w-]+\.js$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
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
    expect(scripts.filter((path) => LATER.test(path) || PROVIDER_CODE.test(path))).toEqual([]);
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Sign in with (?!a passkey)/ })).toHaveCount(0);
  });
});
