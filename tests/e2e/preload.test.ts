import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { HYDRATED_MARK } from "../../app/shell/after-hydration";

/**
 * A slow network for preloads: once `count()` is called, every script, style
 * or data request is held and let through one every few milliseconds, and
 * the requests in flight are counted. Earlier requests (the page's own load,
 * the header's links) pass untouched.
 */
async function throttlePreloads(page: Page) {
  const stats = { counting: false, inFlight: 0, peak: 0, done: 0, urls: [] as string[] };
  const waiting: (() => void)[] = [];
  const drip = setInterval(() => waiting.shift()?.(), 60);
  await page.route(/\/assets\/.*\.(js|css)$|\.data$/, async (route) => {
    if (!stats.counting) return route.continue();
    stats.inFlight += 1;
    stats.peak = Math.max(stats.peak, stats.inFlight);
    stats.urls.push(new URL(route.request().url()).pathname);
    await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      await route.continue();
    } finally {
      stats.inFlight -= 1;
      stats.done += 1;
    }
  });
  return {
    stats,
    count: () => {
      stats.counting = true;
    },
    stop: () => clearInterval(drip),
  };
}

test("visible links preload their routes, never more than 4 requests at once", async ({ page }) => {
  const { stats, count, stop } = await throttlePreloads(page);
  try {
    await page.goto("/__e2e/links");
    // What the page starts in idle time after hydration (colour mode, tab sync…) is not preloading:
    // let it pass before counting.
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, HYDRATED_MARK);
    await page.waitForLoadState("networkidle");
    count();
    await page.getByRole("button", { name: "Show links" }).click();
    await expect.poll(() => stats.done, { timeout: 20_000 }).toBeGreaterThanOrEqual(6);
    // The queue can be empty for a moment between two preloads: wait for the last links' routes too.
    const asked = (chunk: string) => stats.urls.some((url) => url.startsWith(`/assets/${chunk}-`));
    await expect.poll(() => asked("dashboard") && asked("not-found"), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => stats.inFlight, { timeout: 20_000 }).toBe(0);
  } finally {
    stop();
  }
  expect(stats.peak, stats.urls.join(" ")).toBe(4);
  expect(stats.urls.some((url) => url.startsWith("/assets/dashboard-"))).toBe(true);
  expect(stats.urls.some((url) => url.startsWith("/assets/not-found-"))).toBe(true);
  expect(new Set(stats.urls).size).toBe(stats.urls.length);
});

test("a link out of sight preloads nothing until it is focused or scrolled to", async ({ page }) => {
  await page.goto("/__e2e/links");
  await page.getByRole("button", { name: "Show links" }).click();
  const preloaded = (name: string) =>
    page.evaluate(
      (part) => document.querySelectorAll(`link[rel="modulepreload"][href*="/assets/${part}-"]`).length,
      name,
    );
  await expect.poll(() => preloaded("login")).toBe(1);
  expect(await preloaded("forced-dark")).toBe(0);

  await page.getByRole("link", { name: "A link far below" }).focus();
  await expect.poll(() => preloaded("forced-dark")).toBe(1);
});

test("a guest's link to / prefetches the prerendered payload as a static file", async ({ page }) => {
  const payload = page.waitForResponse((response) => new URL(response.url()).pathname === "/_.data");
  await page.goto("/login");
  const response = await payload;
  expect(await response.text()).toBe(readFileSync("build/client/_.data", "utf8"));
  expect(response.headers().etag).toBeTruthy();
});

test.describe("with Save-Data on", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "connection", { value: { saveData: true, effectiveType: "4g" } });
    });
  });

  test("links preload nothing, even on hover", async ({ page }) => {
    await page.goto("/__e2e/links");
    await page.getByRole("button", { name: "Show links" }).click();
    await page.getByRole("link", { name: "/login" }).hover();
    await page.getByRole("link", { name: "/dashboard" }).focus();
    expect(
      await page.evaluate(
        () => document.querySelectorAll('link[rel="modulepreload"][href*="/login-"]').length,
      ),
    ).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length)).toBe(0);
  });
});
