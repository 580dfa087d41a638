import { expect } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { test } from "../fixtures/signed-in";

test("a client navigation lets the browser paint the click before it fetches", async ({ login, page }) => {
  await login(newAccount());
  await page.goto("/");
  await page.evaluate(() => {
    const events: string[] = [];
    (window as unknown as { navEvents: string[] }).navEvents = events;
    const realFetch = window.fetch;
    window.fetch = (input, init) => {
      events.push(`fetch ${String(input instanceof Request ? input.url : input)}`);
      return realFetch(input, init);
    };
    document.addEventListener(
      "click",
      () => {
        events.push("click");
        requestAnimationFrame(() => events.push("frame"));
      },
      true,
    );
  });
  await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL("/dashboard");
  const events = await page.evaluate(() => (window as unknown as { navEvents: string[] }).navEvents);
  // Other requests (e.g. React Router's route discovery) may come and go; the order of these three matters.
  const order = events
    .map((event) => (event.includes("dashboard.data") ? "data fetch" : event))
    .filter((event) => ["click", "frame", "data fetch"].includes(event));
  expect(order.slice(0, 3), events.join(", ")).toEqual(["click", "frame", "data fetch"]);
});

test.describe("progress bar", () => {
  test("shows only after a short delay, in a landmark of its own, then stays long enough not to flicker", async ({
    login,
    page,
  }) => {
    await login(newAccount());
    await page.clock.install();
    await page.goto("/");
    // The bar's code comes with the first navigation: one there and back first, so the timed one
    // below renders the bar at once.
    await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("main").getByRole("link", { name: "Go to dashboard" })).toBeVisible();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/dashboard.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.clock.pauseAt(Date.now() + 1000); // from here on, time moves only when the test says
    const bar = page.getByRole("progressbar", { name: "Loading page" });

    await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
    // React commits the navigation's start on its own schedule; the bar's delay counts from there.
    await expect(page.getByRole("main")).toHaveAttribute("aria-busy", "true");
    await page.clock.runFor(140);
    await expect(bar).toHaveCount(0);
    await page.clock.runFor(20);
    await expect(bar).toBeVisible();
    // Shown, it sits in a landmark of its own (a named region), never outside every landmark.
    await expect(page.getByRole("region", { name: "Page loading" }).getByRole("progressbar")).toBeVisible();

    release();
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    await expect(page.getByRole("main")).not.toHaveAttribute("aria-busy");
    await expect(bar).toBeVisible();
    await page.clock.runFor(400);
    await expect(bar).toHaveCount(0);
  });

  test("never shows for a navigation faster than the delay", async ({ login, page }) => {
    await login(newAccount());
    await page.clock.install();
    await page.goto("/");
    await page.evaluate(() => {
      const seen = { bar: false };
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) seen.bar = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.clock.pauseAt(Date.now() + 1000);
    await page.getByRole("banner").getByRole("link", { name: "Dashboard" }).click();
    // Enough for the repaint's frame and zero-delay timeout, well under the bar's delay.
    await page.clock.runFor(20);
    await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
    await page.clock.runFor(1000);
    expect(
      await page.evaluate(() => (window as unknown as { progressSeen: { bar: boolean } }).progressSeen.bar),
    ).toBe(false);
  });
});
