import { expect, type Route, test } from "@playwright/test";
import { waitForElementHydration, waitForHydration } from "../fixtures/page-state";

for (const path of ["/", "/login"]) {
  test(`${path} is set in the self-hosted typeface, and nothing moves when it arrives late`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    // The font is held back until the page has painted with the fallback.
    const held: Route[] = [];
    let released = false;
    await page.route("**/*.woff2", (route) => (released ? route.continue() : void held.push(route)));
    await page.goto(path, { waitUntil: "commit" });
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length))
      .toBe(1);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    for (const route of held) {
      expect(new URL(route.request().url()).origin, "self-hosted").toBe(new URL(page.url()).origin);
    }
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll("h1, main a, main button")].map((element) => {
          const { x, y, height } = element.getBoundingClientRect();
          return [Math.round(x), Math.round(y), Math.round(height)];
        }),
      );
    // Compared once the page is whole: hydration (after the first paint) adds the password toggle.
    await waitForHydration(page);
    // Parts whose code arrives on its own after hydration (clientLazy: a feature's buttons) too.
    for (const button of await page.getByRole("main").getByRole("button").all()) {
      await waitForElementHydration(button);
    }
    const withFallback = await boxes();
    released = true;
    await Promise.all(held.map((route) => route.continue()));

    await expect
      .poll(() => page.evaluate(() => document.fonts.check('16px "Inter Variable"')), {
        message: "Inter is used",
      })
      .toBe(true);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toMatch(/^"Inter Variable"/);
    // Nothing moved down or grew; sideways, centred text may move a pixel or two.
    const withInter = await boxes();
    expect(withInter.map(([, y, height]) => [y, height])).toEqual(
      withFallback.map(([, y, height]) => [y, height]),
    );
    const sideways = withInter.map(([x], index) => Math.abs((x ?? 0) - (withFallback[index]?.[0] ?? 0)));
    expect(Math.max(...sideways)).toBeLessThanOrEqual(3);
    const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifted.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });
}
