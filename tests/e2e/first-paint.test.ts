import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/signed-in";

/** The pages a guest gets as files: each carries its critical CSS (server/critical-css.ts). */
const GUEST_FILES = ["/", "/login", "/forgot-password"];

const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));

test("/dashboard: the head asks for the stylesheet first and preloads no script", async ({
  loginRequest,
}) => {
  const { request } = await loginRequest();
  const html = await (await request.get("/dashboard")).text();
  const head = headOf(html);
  expect(head).not.toContain("modulepreload");
  const firstFetch = /<link\b[^>]*\brel="(stylesheet|preload|modulepreload)"[^>]*>/.exec(head)?.[0] ?? "";
  expect(firstFetch).toMatch(/rel="stylesheet"/);
  // The page's scripts still load: its module script imports them.
  expect(html).toMatch(/<script\b[^>]*type="module"[^>]*>[^<]*import/);
});

for (const path of GUEST_FILES) {
  test(`${path}: its critical CSS is inline, and the stylesheet comes at the end of the body`, async ({
    request,
  }) => {
    const html = await (await request.get(path)).text();
    const head = headOf(html);
    expect(head).not.toContain("modulepreload");
    expect(head).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
    // The tokens of both colour modes and the typeface's face are among the inline rules.
    const inline = /<style>([\s\S]*?)<\/style>/.exec(head)?.[1] ?? "";
    expect(inline).toMatch(/(?:^|\})\.dark\{--background:/);
    expect(inline).toContain("@font-face{font-family:Inter Variable");
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[\w-]+\.css"[^>]*><\/body>/);
    expect(html).toMatch(/<script\b[^>]*type="module"[^>]*>[^<]*import/);
  });
}

test("a guest page paints while its stylesheet is still on the way", async ({ page }) => {
  let release = () => {};
  const painted = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route(/\/assets\/[\w-]+\.css$/, async (route) => {
    held.push(route.request().url());
    await painted;
    await route.continue();
  });
  await page.goto("/login", { waitUntil: "commit" });
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName("first-contentful-paint").length))
    .toBe(1);
  // The stylesheet was asked for and is still held: the paint did not wait for it.
  expect(held).toHaveLength(1);
  expect(await page.evaluate(() => [...document.styleSheets].filter((sheet) => sheet.href).length)).toBe(0);
  release();
  await expect
    .poll(() => page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href)))
    .toBe(true);
});

/**
 * Waits until React has moved the page's streamed parts into place: its
 * inline script reveals them together in a later frame (up to seconds
 * later, React 19.2 batches reveals), and until then each waits in a hidden
 * `S:` segment behind a `B:` template, in whichever page got there first.
 */
function streamedPartsInPlace(page: Page) {
  return page.waitForFunction(() => !document.querySelector('template[id^="B:"], div[hidden][id^="S:"]'));
}

/** Where every element of the first screen is, and its colours: what a late stylesheet would move or repaint. */
function firstScreen(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll("*")]
      .filter((element) => element.getBoundingClientRect().top < window.innerHeight)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const where = [box.x, box.y, box.width, box.height].map((n) => Math.round(n)).join(",");
        return `${element.tagName} ${where} ${style.color} ${style.backgroundColor} ${style.borderTopWidth} ${style.fontFamily}`;
      }),
  );
}

for (const colorScheme of ["light", "dark"] as const) {
  for (const width of [1280, 390]) {
    test(`${colorScheme}, ${width} px: the critical CSS lays out each guest page's first screen as the stylesheet does`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ colorScheme, viewport: { width, height: 800 } });
      // Without scripts the server's HTML stays as sent: its colour-mode script is inline and still runs.
      await context.route(/\.js$/, (route) => route.abort());
      const critical = await context.newPage();
      await critical.route(/\/assets\/[\w-]+\.css$/, (route) => route.abort());
      const full = await context.newPage();
      for (const path of GUEST_FILES) {
        await critical.goto(path);
        await full.goto(path);
        await expect
          .poll(() => full.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href)))
          .toBe(true);
        await Promise.all(
          [critical, full].map((page) => page.evaluate(() => document.fonts.ready.then(() => {}))),
        );
        await Promise.all([critical, full].map(streamedPartsInPlace));
        const [withCritical, withFull] = await Promise.all([firstScreen(critical), firstScreen(full)]);
        expect(withCritical.length).toBeGreaterThan(20);
        expect(withCritical, path).toEqual(withFull);
      }
      await context.close();
    });
  }
}
