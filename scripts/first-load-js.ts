/**
 * The JavaScript a first visit to `/`, `/login` (guest) and `/dashboard`
 * (signed in) asks for before it is hydrated (the app's `app:hydrated`
 * mark), with Save-Data on: each file with its brotli size (quality 11, of
 * the built file), the `framework` chunk, and the total beyond it; then what
 * it fetched in idle time after that, until the network is quiet. Bytes,
 * not timing: the same build gives the same figures. Run `npm run build` first.
 *
 *     node scripts/first-load-js.ts
 */
import { type Browser, chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/fixtures/chromium.ts";
import { brotliSizeOf, FRAMEWORK_CHUNK, scriptsBeforeIdle } from "../tests/fixtures/first-load.ts";
import { type BenchApp, startOurs } from "./bench/apps.ts";

const PAGES = { "/": false, "/login": false, "/dashboard": true } as const;

/**
 * The script paths a first load of `path` fetches until it is hydrated and
 * the network is quiet, and then those it fetches in idle time (the page's
 * idle callbacks are held until the first list is taken).
 */
async function firstLoadScripts(browser: Browser, app: BenchApp, path: string, signedIn: boolean) {
  const context = await browser.newContext();
  if (signedIn) {
    await context.addCookies(
      app.cookie.split("; ").map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: app.base };
      }),
    );
  }
  const page = await context.newPage();
  const first = await scriptsBeforeIdle(page, `${app.base}${path}`);
  const later: string[] = [];
  // Settled: nothing in flight for half a second (networkidle has already been reached once).
  let pending = 0;
  let quiet: NodeJS.Timeout | undefined;
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const track = (change: number) => () => {
    pending += change;
    clearTimeout(quiet);
    if (pending === 0) quiet = setTimeout(settle, 500);
  };
  page.on("request", (request) => {
    if (request.resourceType() === "script") later.push(new URL(request.url()).pathname);
  });
  page.on("request", track(1));
  page.on("requestfinished", track(-1));
  page.on("requestfailed", track(-1));
  quiet = setTimeout(settle, 500);
  await page.evaluate(() =>
    (window as unknown as { releaseIdleCallbacks: () => void }).releaseIdleCallbacks(),
  );
  await settled;
  await context.close();
  return { first, later: [...new Set(later)] };
}

const app = await startOurs();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
try {
  for (const [path, signedIn] of Object.entries(PAGES)) {
    const { first: scripts, later } = await firstLoadScripts(browser, app, path, signedIn);
    let framework = 0;
    let beyond = 0;
    console.log(`${path}${signedIn ? " (signed in)" : ""}`);
    for (const script of scripts) {
      const size = brotliSizeOf(script);
      if (FRAMEWORK_CHUNK.test(script)) framework += size;
      else beyond += size;
      console.log(`  ${String(size).padStart(6)}  ${script.replace("/assets/", "")}`);
    }
    console.log(`  framework ${framework} B, beyond it ${beyond} B (${(beyond / 1000).toFixed(1)} KB)`);
    const idle = later.reduce((sum, script) => sum + brotliSizeOf(script), 0);
    console.log(
      `  then in idle time: ${idle} B (${later.map((script) => script.replace("/assets/", "")).join(", ")})\n`,
    );
  }
} finally {
  await browser.close();
  app.stop();
}
