import { expect, type Page, type Response } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { APP_NAME, pageTitle } from "../fixtures/app-name";
import { countDocumentLoads, isSameDocument, markDocument, waitForHydration } from "../fixtures/page-state";
import { test } from "../fixtures/signed-in";

const LATEST = /\/_app\/builds\/latest\.json(\?|$)/;
const UPDATE_MESSAGE = "A new version is available";

/** The server now answers another build than the page's (a deployment happened). */
async function deployNewBuild(page: Page) {
  await page.route(LATEST, (route) =>
    route.fulfill({ json: { id: "a-newer-build", timestamp: Date.now() } }),
  );
}

/** Records the page's requests for latest.json. */
function recordBuildChecks(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (LATEST.test(request.url())) urls.push(request.url());
  });
  return urls;
}

/**
 * The visitor comes back to the tab: the page checks for a new build. Repeated
 * until the page has asked (its watcher starts after hydration); a check may
 * reload the page under our feet, which ends the repeating too.
 */
async function showTabAgain(page: Page, checks: string[]) {
  await expect
    .poll(async () => {
      await page
        .evaluate(() => {
          Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "visible" });
          document.dispatchEvent(new Event("visibilitychange"));
        })
        .catch((error: Error) => {
          if (!error.message.includes("Execution context was destroyed")) throw error;
        });
      return checks.length;
    })
    .toBeGreaterThan(0);
}

/** Opens `path` ready for clicks; returns the list its build checks are recorded in. */
async function openApp(page: Page, path: string): Promise<string[]> {
  const checks = recordBuildChecks(page);
  await page.goto(path);
  await waitForHydration(page);
  return checks;
}

/** A deployment happens, then the visitor comes back to the tab. */
async function deployWhileAway(page: Page, checks: string[]) {
  await deployNewBuild(page);
  await showTabAgain(page, checks);
}

/** What the chunk-reload guard stored, and the page's clock. */
async function readReloadGuard(page: Page) {
  return page.evaluate(() => ({
    record: JSON.parse(sessionStorage.getItem("nuxt:reload") ?? "null") as { path: string; expires: number },
    now: Date.now(),
  }));
}

test.describe("build id files", () => {
  test("latest.json and meta/{id}.json answer with their cache headers", async ({ request }) => {
    const latest = await request.get("/_app/builds/latest.json?t=12345");
    expect(latest.status()).toBe(200);
    expect(latest.headers()["cache-control"]).toBe("public, max-age=5, must-revalidate");
    expect(latest.headers()["content-type"]).toContain("application/json");
    const build = await latest.json();
    expect(build).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
      timestamp: expect.any(Number),
    });

    const meta = await request.get(`/_app/builds/meta/${build.id}.json`);
    expect(meta.status()).toBe(200);
    expect(meta.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await meta.json()).toEqual(build);
  });

  test("an unknown build's meta is a JSON 404", async ({ request }) => {
    for (const path of ["/_app/builds/meta/no-such-build.json", "/_app/builds/meta/..%2F..%2Fpackage.json"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(await response.json()).toEqual({ error: "Not Found" });
    }
  });

  test("the page and its JavaScript carry the id latest.json names", async ({ page, request }) => {
    const { id } = await (await request.get("/_app/builds/latest.json")).json();
    const scripts: Promise<string>[] = [];
    // A script still arriving when the test ends (a preload) is not read.
    const record = (response: Response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text().catch(() => ""));
    };
    page.on("response", record);
    await page.goto("/");
    await expect(page.locator('meta[name="build-id"]')).toHaveAttribute("content", id);
    await waitForHydration(page);
    page.off("response", record);
    const bodies = await Promise.all(scripts);
    expect(bodies.some((body) => body.includes(id))).toBe(true);
  });
});

test.describe("a new deployment", () => {
  test("shows the toast when the tab is shown again, and the next link loads a whole page", async ({
    page,
  }) => {
    const loginLoads = countDocumentLoads(page, "/login");
    const checks = await openApp(page, "/");
    await deployWhileAway(page, checks);

    await expect(page.getByText(UPDATE_MESSAGE)).toBeVisible();
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
    expect(checks[0]).toMatch(/latest\.json\?t=\d+$/);

    await markDocument(page);
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveTitle(pageTitle("Sign in"));
    expect(loginLoads()).toBe(1);
    expect(await isSameDocument(page)).toBe(false);
  });

  test("without one, the same click stays a client navigation", async ({ page }) => {
    const loginLoads = countDocumentLoads(page, "/login");
    const checks = await openApp(page, "/");
    const answered = page.waitForResponse(LATEST);
    await showTabAgain(page, checks);
    await answered;

    await markDocument(page);
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveTitle(pageTitle("Sign in"));
    expect(loginLoads()).toBe(0);
    expect(await isSameDocument(page)).toBe(true);
    await expect(page.getByText(UPDATE_MESSAGE)).toHaveCount(0);
  });

  test("the toast's Reload loads the page again", async ({ page }) => {
    const homeLoads = countDocumentLoads(page, "/");
    const checks = await openApp(page, "/");
    await deployWhileAway(page, checks);
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Reload" }).click();
    await reloaded;
    expect(homeLoads()).toBe(2);
  });

  test("is also found by the hourly poll, with a cache-busting query", async ({ page }) => {
    await page.clock.install();
    const checks = await openApp(page, "/");
    // One check on showing the tab proves the watcher runs and sets the hour's start.
    await showTabAgain(page, checks);
    await expect.poll(() => checks.length).toBe(1);
    await deployNewBuild(page);

    await page.clock.fastForward("59:00");
    await page.clock.fastForward("01:00");
    await expect.poll(() => checks.length).toBe(2);
    expect(checks[1]).toMatch(/latest\.json\?t=\d+$/);
    await expect(page.getByText(UPDATE_MESSAGE)).toBeVisible();
  });
});

test.describe("a route's code that cannot be loaded", () => {
  test("reloads at the target once, then shows an error screen with Reload", async ({ login, page }) => {
    await login(newAccount());
    await page.route("**/assets/dashboard-*.js", (route) => route.abort());
    const dashboardLoads = countDocumentLoads(page, "/dashboard");
    await openApp(page, "/");

    const routerGaveUp = page.waitForEvent("console", (message) =>
      message.text().includes("Error loading route module"),
    );
    const reloaded = page.waitForEvent("load");
    await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
    await routerGaveUp;
    await reloaded;
    await expect(page).toHaveURL("/dashboard");
    expect(dashboardLoads()).toBe(1);
    const first = await readReloadGuard(page);
    expect(first.record.path).toBe("/dashboard");
    expect(first.record.expires).toBeGreaterThan(first.now);
    expect(first.record.expires).toBeLessThanOrEqual(first.now + 10_000);

    // The chunk still fails within 10 s: no second reload, the error screen instead.
    await openApp(page, "/");
    await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be loaded");
    const reload = page.getByRole("button", { name: "Reload" });
    await expect(reload).toBeVisible();
    expect((await readReloadGuard(page)).now).toBeLessThan(first.record.expires);
    expect(dashboardLoads()).toBe(1);
    await expect(page).toHaveURL("/");

    // The visitor asks: that reload always happens, at the target.
    const reloadedAgain = page.waitForEvent("load");
    await reload.click();
    await reloadedAgain;
    await expect(page).toHaveURL("/dashboard");
    expect(dashboardLoads()).toBe(2);
  });

  test("when every route module of the target fails (its layout and its page), the tab ends on the target, loaded once", async ({
    page,
  }) => {
    const loginLoads = countDocumentLoads(page, "/login");
    const homeLoads = countDocumentLoads(page, "/");
    const failed = new Set<string>();
    await page.route(/\/assets\/(guest-layout|login)-[\w-]+\.js$/, (route) => {
      failed.add(/guest-layout-/.test(route.request().url()) ? "layout" : "page");
      return route.abort();
    });
    await openApp(page, "/");
    const arrived = page.waitForURL("/login");
    await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
    await arrived;
    await expect(page.getByRole("heading", { level: 1, name: "Welcome back" })).toBeVisible();
    expect([...failed].sort()).toEqual(["layout", "page"]);
    // One load of the target, and none again of where the click started.
    expect(loginLoads()).toBe(1);
    expect(homeLoads()).toBe(1);
    expect((await readReloadGuard(page)).record.path).toBe("/login");
  });

  test("reloads again once the 10 s have passed", async ({ login, page }) => {
    await login(newAccount());
    await page.route("**/assets/dashboard-*.js", (route) => route.abort());
    const dashboardLoads = countDocumentLoads(page, "/dashboard");
    await openApp(page, "/");
    await page.evaluate(() =>
      sessionStorage.setItem("nuxt:reload", JSON.stringify({ path: "/dashboard", expires: Date.now() - 1 })),
    );
    const reloaded = page.waitForEvent("load");
    await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
    await reloaded;
    await expect(page).toHaveURL("/dashboard");
    expect(dashboardLoads()).toBe(1);
  });
});

test.describe("a lazy chunk that cannot be loaded", () => {
  test("reloads the page under the guard", async ({ page }) => {
    await page.route("**/assets/toaster-*.js", (route) => route.abort());
    const homeLoads = countDocumentLoads(page, "/");
    const checks = await openApp(page, "/");
    const reloaded = page.waitForEvent("load");
    await deployWhileAway(page, checks);
    await reloaded;

    expect(homeLoads()).toBe(2);
    expect((await readReloadGuard(page)).record.path).toBe("/");
  });

  test("never reloads while the visitor is typing; the next link loads a whole page", async ({ page }) => {
    await page.route("**/assets/toaster-*.js", (route) => route.abort());
    const loginLoads = countDocumentLoads(page, "/login");
    const homeLoads = countDocumentLoads(page, "/");
    const checks = await openApp(page, "/login");
    await page.getByLabel("Email").fill("ada@example.com");
    const heldBack = page.waitForEvent("console", (message) =>
      message.text().includes("while a form is being filled in"),
    );
    await deployWhileAway(page, checks);
    await heldBack;

    expect(loginLoads()).toBe(1);
    await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
    const left = page.waitForEvent("load");
    await page.getByRole("banner").getByRole("link", { name: APP_NAME }).click();
    await left;
    await expect(page).toHaveURL("/");
    expect(homeLoads()).toBe(1);
  });
});

test.describe("an error page whose code cannot be loaded", () => {
  test("offers a reload instead of a blank page", async ({ page }) => {
    await page.route("**/assets/http-error-screen-*.js", (route) => route.abort());
    await openApp(page, "/");
    // A client navigation to a page that does not exist needs the status page's code.
    await page.evaluate(() =>
      (
        window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => void } }
      ).__reactRouterDataRouter.navigate("/no-such-page"),
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be loaded");
    await expect(page.getByRole("button", { name: "Reload" })).toBeVisible();
    await expect(page).toHaveURL("/no-such-page");
  });
});
