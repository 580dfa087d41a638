import { expect, type Page, test } from "@playwright/test";
import { waitForHydration } from "../fixtures/page-state";

/** One animation frame of Playwright's clock. */
const FRAME_MS = 20;

const ICONS = "/api/_icons";

/** Every request the page makes to the icon endpoint, as paths with queries. */
function recordIconRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith(ICONS)) requests.push(url.pathname + url.search);
  });
  return requests;
}

test.describe("the icon endpoint", () => {
  test("answers the Iconify JSON of the requested icons, long-cached", async ({ request }) => {
    const response = await request.get(`${ICONS}/lucide.json?icons=house,no-such-icon`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/json");
    expect(response.headers()["cache-control"]).toBe("public, max-age=604800, stale-while-revalidate=86400");
    expect(response.headers().etag).toBeTruthy();
    const body = await response.json();
    expect(body).toMatchObject({ prefix: "lucide", width: 24, height: 24, not_found: ["no-such-icon"] });
    expect(Object.keys(body.icons)).toEqual(["house"]);
  });

  test("serves brand logos (simple-icons), as a provider's button shows one", async ({ request }) => {
    const body = await (await request.get(`${ICONS}/simple-icons.json?icons=github,google,openid`)).json();
    expect(Object.keys(body.icons).sort()).toEqual(["github", "google", "openid"]);
  });

  test("an unknown collection is a JSON 404", async ({ request }) => {
    const response = await request.get(`${ICONS}/nope.json?icons=house`);
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ error: "Unknown icon collection" });
  });

  for (const query of ["", "?icons=", "?icons=a,,b", "?icons=ABC", "?icons=..%2Fx", "?icons=a%20b"]) {
    test(`a malformed request is a JSON 400: "${query}"`, async ({ request }) => {
      const response = await request.get(`${ICONS}/lucide.json${query}`);
      expect(response.status()).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    });
  }

  test("more than 100 names is a JSON 400", async ({ request }) => {
    const names = Array.from({ length: 101 }, (_, i) => `icon-${i}`).join(",");
    const response = await request.get(`${ICONS}/lucide.json?icons=${names}`);
    expect(response.status()).toBe(400);
  });
});

test.describe("runtime icons", () => {
  test("render in their boxes with one request per collection", async ({ page }) => {
    const requests = recordIconRequests(page);
    await page.goto("/__e2e/icons?names=lucide:house,lucide:zap,lucide:no-such-icon,simple-icons:github");

    for (const name of ["lucide:house", "lucide:zap", "simple-icons:github"]) {
      const icon = page.getByRole("img", { name });
      await expect(icon.locator("svg path").first()).toBeAttached();
      expect(await icon.boundingBox()).toMatchObject({ width: 32, height: 32 });
    }
    const missing = page.getByRole("img", { name: "lucide:no-such-icon" });
    expect(await missing.boundingBox()).toMatchObject({ width: 32, height: 32 });
    await expect(missing.locator("svg")).toHaveCount(0);

    expect(requests.sort()).toEqual([
      `${ICONS}/lucide.json?icons=house,zap,no-such-icon`,
      `${ICONS}/simple-icons.json?icons=github`,
    ]);
  });

  test("the server renders the empty box, already at its size", async ({ request }) => {
    const html = await (await request.get("/__e2e/icons?names=lucide:house")).text();
    expect(html).toMatch(
      /<span class="[^"]*size-8[^"]*" data-icon="lucide:house" role="img" aria-label="lucide:house"><\/span>/,
    );
  });

  test("a slow endpoint times out after 1500 ms: one console message, the page usable, the box kept", async ({
    page,
  }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(`${message.type()}: ${message.text()}`));
    // The endpoint never answers while the test runs.
    await page.route(`**${ICONS}/**`, () => new Promise(() => {}));
    // Time stands still until the test moves it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto("/__e2e/icons?names=lucide:house,lucide:zap");
    // Hydration starts after the first frame, and asks for the icons: one frame of the stopped clock.
    await page.clock.runFor(FRAME_MS);
    await waitForHydration(page);

    const house = page.getByRole("img", { name: "lucide:house" });
    const before = await house.boundingBox();
    expect(before).toMatchObject({ width: 32, height: 32 });

    // Usable while the icons are pending.
    await page.getByRole("button", { name: "Clicked 0 times" }).click();
    await expect(page.getByRole("button", { name: "Clicked 1 times" })).toBeVisible();

    // The icons were asked for within that frame: 1500 ms later, to within the frame, they time out.
    await page.clock.runFor(1499 - FRAME_MS);
    expect(messages).toEqual([]);
    await page.clock.runFor(FRAME_MS + 1);
    await expect.poll(() => messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^warning: Icons not loaded \(lucide: house, zap\): TimeoutError/);

    // Still usable, the box unchanged and empty, and no second message.
    await page.getByRole("button", { name: "Clicked 1 times" }).click();
    await expect(page.getByRole("button", { name: "Clicked 2 times" })).toBeVisible();
    expect(await house.boundingBox()).toEqual(before);
    await expect(house.locator("svg")).toHaveCount(0);
    expect(messages).toHaveLength(1);
    await page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("icons the app's own code uses are inline SVG in the HTML, with no request and no image", async ({
    page,
    request,
  }) => {
    // In the server's HTML, drawn (a path), and not an image: Chromium builds a whole SVG
    // document for each CSS mask or background image, which held the first paint back.
    const html = await (await request.get("/login")).text();
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>.*?<svg [^>]*aria-hidden="true"[^>]*>.*?<path /s);
    expect(html).not.toContain("icon-[");

    const requests = recordIconRequests(page);
    const images: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "image" && !new URL(r.url()).pathname.startsWith("/favicon"))
        images.push(r.url());
    });
    await page.goto("/", { waitUntil: "networkidle" });
    const logo = page.getByRole("banner").getByRole("link").first().locator("svg");
    expect(await logo.boundingBox()).toMatchObject({ width: 16, height: 16 });
    // Drawn in the text's colour.
    expect(await logo.locator("g, path").first().getAttribute("stroke")).toBe("currentColor");
    const masked = await page.evaluate(
      () =>
        [...document.querySelectorAll("*")].filter(
          (element) => getComputedStyle(element).maskImage !== "none",
        ).length,
    );
    expect(masked).toBe(0);
    expect(requests).toEqual([]);
    expect(images).toEqual([]);
  });
});
