import { expect, test } from "@playwright/test";
import { APP_NAME } from "../fixtures/app-name";
import { openDashboardAs } from "../fixtures/signed-in";

/** Width and height of a PNG, from its header (IHDR). */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

test("the icons, the manifest and robots.txt are served, made from one source", async ({ request }) => {
  const svg = await request.get("/favicon.svg");
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
  // It follows the colour mode.
  expect(await svg.text()).toContain("prefers-color-scheme: dark");

  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect([...(await ico.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);

  for (const [path, size] of [
    ["/apple-touch-icon.png", 180],
    ["/icon-192.png", 192],
    ["/icon-512.png", 512],
  ] as const) {
    const png = await request.get(path);
    expect(png.status(), path).toBe(200);
    expect(pngSize(await png.body()), path).toEqual([size, size]);
  }

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["content-type"]).toContain("application/manifest+json");
  expect(await manifest.json()).toMatchObject({
    name: APP_NAME,
    start_url: "/",
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    icons: expect.arrayContaining([expect.objectContaining({ src: "/icon-512.png", sizes: "512x512" })]),
  });

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(await robots.text()).toContain("Disallow: /dashboard");
});

test("every page names its icons, manifest and description in its head", async ({ page }) => {
  const expectHead = async (path: string) => {
    await expect(page.locator('head link[rel="icon"][type="image/svg+xml"]'), path).toHaveAttribute(
      "href",
      "/favicon.svg",
    );
    await expect(page.locator('head link[rel="apple-touch-icon"]'), path).toHaveAttribute(
      "href",
      "/apple-touch-icon.png",
    );
    await expect(page.locator('head link[rel="manifest"]'), path).toHaveAttribute(
      "href",
      "/manifest.webmanifest",
    );
    await expect(page.locator('head meta[name="description"]'), path).toHaveAttribute("content", /\w{3,}/);
  };
  for (const path of ["/", "/login", "/forgot-password", "/no/such/page"]) {
    await page.goto(path);
    await expectHead(path);
  }
  await openDashboardAs(page);
  await expectHead("/dashboard");
});

test("/.well-known/change-password leads to the password form", async ({ page, request }) => {
  const answer = await request.get("/.well-known/change-password", { maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe("/dashboard#sign-in-methods");
  await openDashboardAs(page);
  await page.goto("/.well-known/change-password");
  await expect(page).toHaveURL("/dashboard#sign-in-methods");
  await expect(page.getByLabel("Current password")).toBeInViewport();
});
