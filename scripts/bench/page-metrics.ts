import { readFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";
import type { BrowserContext } from "@playwright/test";
import { holdIdleCallbacks } from "../../tests/fixtures/first-load.ts";

/** Brotli size (quality 11) of a built asset, found by its URL path; 0 for anything else. */
function brotliSize(url: string, assetFile: AssetFiles): number {
  const file = url ? assetFile(new URL(url).pathname) : undefined;
  if (!file) return 0;
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** Our chunk of React and React Router (`vite/client-chunks.ts`): the framework's share, printed, not budgeted. */
const FRAMEWORK_CHUNK = /\/assets\/(?:[\w-]+\/)?framework-[\w-]+\.js$/;

export type PageMetrics = {
  requests: number;
  /** The same scripts and styles compressed with brotli (what a CDN would send). */
  jsBrotli: number;
  /** Of `jsBrotli`, our `framework` chunk (React and React Router); 0 for a peer. */
  frameworkJsBrotli: number;
  cssBrotli: number;
  jsTransferred: number;
  jsBytes: number;
  cssTransferred: number;
  cssBytes: number;
  htmlTransferred: number;
  ttfb: number;
  domContentLoaded: number;
  fcp: number;
  lcp: number;
  cls: number;
};

/** The built file of an asset URL: ours are under build/client, a peer's under its own folder. */
export type AssetFiles = (urlPath: string) => string | undefined;

/**
 * Loads `path` in a fresh tab with an empty cache and measures what a first
 * visit costs: requests, bytes on the wire (compressed) and decoded, and the
 * page's own timings (TTFB, DOMContentLoaded, FCP, LCP, CLS). With
 * `blockScripts`, every script file is refused: what HTML and CSS alone paint.
 */
export async function measurePage(
  context: BrowserContext,
  path: string,
  {
    assetFile,
    blockScripts = false,
    from,
  }: {
    assetFile: AssetFiles;
    blockScripts?: boolean;
    /** A page of another site the tab shows first: the visitor arrives by a link from elsewhere. */
    from?: string;
  },
): Promise<PageMetrics> {
  const page = await context.newPage();
  if (from) await page.goto(from);
  // First load only: Save-Data on (the app's speculative preloads come after it), and idle
  // callbacks held, so what waits for idle time after hydration is not counted, however busy the machine.
  await page.addInitScript(holdIdleCallbacks);
  await page.addInitScript(() => {
    const store = { lcp: 0, cls: 0 };
    (window as unknown as { __vitals: typeof store }).__vitals = store;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) store.lcp = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) store.cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (blockScripts) await cdp.send("Network.setBlockedURLs", { urls: ["*.js", "*.mjs"] });
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  const totals = {
    requests: 0,
    jsTransferred: 0,
    jsBytes: 0,
    cssTransferred: 0,
    cssBytes: 0,
    htmlTransferred: 0,
  };
  const decoded = new Map<string, number>();
  cdp.on("Network.responseReceived", (event) => {
    types.set(event.requestId, event.type);
    urls.set(event.requestId, event.response.url);
  });
  cdp.on("Network.dataReceived", (event) =>
    decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength),
  );
  cdp.on("Network.loadingFinished", (event) => {
    totals.requests += 1;
    const type = types.get(event.requestId);
    const size = decoded.get(event.requestId) ?? 0;
    if (type === "Script") {
      totals.jsTransferred += event.encodedDataLength;
      totals.jsBytes += size;
    } else if (type === "Stylesheet") {
      totals.cssTransferred += event.encodedDataLength;
      totals.cssBytes += size;
    } else if (type === "Document") {
      totals.htmlTransferred += event.encodedDataLength;
    }
  });
  await page.goto(path, { waitUntil: "networkidle" });
  const timings = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const vitals = (window as unknown as { __vitals: { lcp: number; cls: number } }).__vitals;
    return {
      ttfb: navigation.responseStart,
      domContentLoaded: navigation.domContentLoadedEventStart,
      fcp,
      lcp: vitals.lcp,
      cls: vitals.cls,
    };
  });
  await page.close();
  const brotliOf = (type: string, only = /./) =>
    [...types.entries()]
      .filter(([id, kind]) => kind === type && only.test(urls.get(id) ?? ""))
      .reduce((sum, [id]) => sum + brotliSize(urls.get(id) ?? "", assetFile), 0);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    ...totals,
    jsBrotli: brotliOf("Script"),
    frameworkJsBrotli: brotliOf("Script", FRAMEWORK_CHUNK),
    cssBrotli: brotliOf("Stylesheet"),
    ttfb: round(timings.ttfb),
    domContentLoaded: round(timings.domContentLoaded),
    fcp: round(timings.fcp),
    lcp: round(timings.lcp),
    cls: Math.round(timings.cls * 1000) / 1000,
  };
}
