import type { Browser } from "@playwright/test";
import type { BenchApp } from "./apps.ts";
import { median } from "./median.ts";
import { measurePage, type PageMetrics } from "./page-metrics.ts";

/**
 * How a page is loaded, each with an empty cache: in a new tab (the browser
 * may give the page the tab's own renderer process), or arriving by a link
 * from another site, as visitors do (a new process either way); each with its
 * scripts, and with every script blocked (what HTML and CSS alone paint).
 */
export const LOAD_MODES = {
  "new tab": { blockScripts: false, fromElsewhere: false },
  "new tab, no JS": { blockScripts: true, fromElsewhere: false },
  "from another site": { blockScripts: false, fromElsewhere: true },
  "from another site, no JS": { blockScripts: true, fromElsewhere: true },
} as const;
export type LoadMode = keyof typeof LOAD_MODES;
export type PageFigures = Record<LoadMode, PageMetrics>;

/** A page the bench loads: signed in or not, in the browser's language (`locale`, English by default), at `path` (its label by default). */
export type BenchPage = { signedIn: boolean; locale?: string; path?: string };

/** A fresh browser context (empty cache, new connections); signed in for `signedIn` pages. */
async function openContext(browser: Browser, app: BenchApp, { signedIn, locale }: BenchPage) {
  const context = await browser.newContext({ baseURL: app.base, ...(locale ? { locale } : {}) });
  if (signedIn) {
    await context.addCookies(
      app.cookie.split("; ").map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: app.base };
      }),
    );
  }
  return context;
}

function medianMetrics(runs: PageMetrics[]): PageMetrics {
  const first = runs[0] as PageMetrics;
  return Object.fromEntries(
    Object.keys(first).map((key) => [key, median(runs.map((run) => run[key as keyof PageMetrics]))]),
  ) as PageMetrics;
}

/**
 * Loads every page of every app in every mode, in a fresh context each time,
 * app after app within a round (so a slow spell of a shared machine hits
 * them alike), for `rounds` rounds. Each figure is the median of its runs.
 * `elsewhere` is a page of another site (another host name) to arrive from.
 */
export async function measurePagesInRounds(
  browser: Browser,
  apps: BenchApp[],
  pages: Record<string, BenchPage>,
  { rounds, elsewhere }: { rounds: number; elsewhere: string },
): Promise<Record<string, Record<string, PageFigures>>> {
  const runs = new Map<string, PageMetrics[]>();
  const key = (app: BenchApp, path: string, mode: LoadMode) => `${app.name} ${path} ${mode}`;
  for (let round = 0; round < rounds; round++) {
    for (const [path, page] of Object.entries(pages)) {
      for (const app of apps) {
        for (const [mode, { blockScripts, fromElsewhere }] of Object.entries(LOAD_MODES)) {
          const context = await openContext(browser, app, page);
          const metrics = await measurePage(context, page.path ?? path, {
            assetFile: app.assetFile,
            blockScripts,
            ...(fromElsewhere ? { from: elsewhere } : {}),
          });
          await context.close();
          const name = key(app, path, mode as LoadMode);
          runs.set(name, [...(runs.get(name) ?? []), metrics]);
        }
      }
    }
  }
  return Object.fromEntries(
    apps.map((app) => [
      app.name,
      Object.fromEntries(
        Object.keys(pages).map((path) => [
          path,
          Object.fromEntries(
            Object.keys(LOAD_MODES).map((mode) => [
              mode,
              medianMetrics(runs.get(key(app, path, mode as LoadMode)) ?? []),
            ]),
          ) as PageFigures,
        ]),
      ),
    ]),
  );
}
