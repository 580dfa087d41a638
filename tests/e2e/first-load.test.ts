import { expect } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import {
  CODE_LOADED_ON_USE,
  expectFetched,
  FRAMEWORK_CHUNK,
  firstLoadScripts,
  scriptsBeforeIdle,
} from "../fixtures/first-load";
import { test } from "../fixtures/signed-in";

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
  expect(scripts.filter((path) => CODE_LOADED_ON_USE.test(path))).toEqual([]);
});

test("React and React Router come with V8's hint to compile them while they download", async ({ page }) => {
  const scripts = await firstLoadScripts(page, "/");
  const framework = scripts.find((path) => /\/assets\/framework-[\w-]+\.js$/.test(path)) ?? "";
  const code = await (await page.request.get(framework)).text();
  // The magic comment counts only as the file's first line.
  expect(code.split("\n", 1)[0]).toBe("//# allFunctionsCalledOnLoad");
});

test("a signed-in page's account menu works as soon as the page is hydrated", async ({ login, page }) => {
  const account = newAccount();
  await login(account);
  const scripts = await firstLoadScripts(page, "/dashboard");
  expect(scripts.filter((path) => CODE_LOADED_ON_USE.test(path))).toEqual([]);
  // The menu's own code comes when it is first opened.
  await page.getByRole("button", { name: `Account menu for ${account.name}` }).click();
  await expect(page.getByRole("menuitem", { name: /Sign out/ })).toBeVisible();
});

test("a status page brings its own code only when something went wrong", async ({ page }) => {
  const scripts = await firstLoadScripts(page, "/no-such-page");
  await expectFetched(scripts, /\/assets\/http-error-screen-[\w-]+\.js$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page Not Found");
});
