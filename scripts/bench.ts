/**
 * `npm run bench [-- --check]`: starts the production build on loopback with a
 * fresh database, signs up a user, and measures pages in Chromium (cold, and
 * with every script blocked), throughput and latency, memory and cold start.
 * With `BENCH_NUXT_PEER=<folder of a built Nuxt peer>` it measures the peer
 * in the same run, alternating with ours, and prints each figure beside it
 * with the ratio. With `BENCH_BASELINE=<folder of an earlier build of ours>`
 * it measures that build too ("before"), alternating, and holds ours to what
 * a change may cost beside it (scripts/bench/baseline.ts). Prints JSON and tables; `--check` exits 1 when a budget
 * (scripts/bench/budgets.ts) is broken. Bounded: a few minutes, 127.0.0.1 only.
 */
import { createServer } from "node:http";
import { cpus } from "node:os";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/fixtures/chromium.ts";
import { type BenchApp, rssMb, startNuxtPeer, startOurs } from "./bench/apps.ts";
import { checkAgainstBaseline } from "./bench/baseline.ts";
import { checkBudgets } from "./bench/checks.ts";
import { loadInRounds, type Target } from "./bench/load.ts";
import { median } from "./bench/median.ts";
import { type BenchPage, LOAD_MODES, type LoadMode, measurePagesInRounds } from "./bench/page-rounds.ts";

const check = process.argv.includes("--check");
const peerDir = process.env.BENCH_NUXT_PEER;
const baselineDir = process.env.BENCH_BASELINE;
/** Pages are loaded and routes loaded (5 s each) this many times, alternating; figures are medians. */
const ROUNDS = 3;
/** Beside an earlier build, routes are loaded this many times: its ratio is of each build's best round (scripts/bench/baseline.ts). */
const BASELINE_LOAD_ROUNDS = 7;
const PAGES: Record<string, BenchPage> = {
  "/": { signedIn: false },
  "/login": { signedIn: false },
  "/dashboard": { signedIn: true },
  // The same pages in German (issue 48): each language's copy of the scripts is measured too.
  "/ (de)": { signedIn: false, path: "/", locale: "de" },
  "/login (de)": { signedIn: false, path: "/login", locale: "de" },
  "/dashboard (de)": { signedIn: true, path: "/dashboard", locale: "de" },
};
/** Routes every app has; ours also has the trivial route every share is taken against. */
const ROUTES: Record<string, (app: BenchApp) => Target> = {
  "GET /": (app) => ({ url: `${app.base}/` }),
  "GET /login": (app) => ({ url: `${app.base}/login` }),
  "GET /api/_auth/session (cookie)": (app) => ({
    url: `${app.base}/api/_auth/session`,
    headers: { cookie: app.cookie },
  }),
  "GET /dashboard (signed in)": (app) => ({ url: `${app.base}/dashboard`, headers: { cookie: app.cookie } }),
};

/** A page of another site (`localhost` is not `127.0.0.1`'s site) that visitors arrive from. */
const elsewhere = createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  response.end("<!doctype html><title>Elsewhere</title><p>A page of another site.");
});
await new Promise<void>((listening) => elsewhere.listen(0, "127.0.0.1", listening));
const elsewhereUrl = `http://localhost:${(elsewhere.address() as { port: number }).port}/`;

/** The mode the page table shows its byte counts and timings for; every mode's FCP is printed. */
const CHECKED_MODE: LoadMode = "from another site";

const apps: BenchApp[] = [];
try {
  apps.push(await startOurs());
  if (peerDir) apps.push(await startNuxtPeer(peerDir));
  const baseline = baselineDir ? await startOurs({}, { dir: baselineDir, name: "before" }) : undefined;
  if (baseline) apps.push(baseline);
  const ours = apps[0] as BenchApp;
  const peer = apps.find((app) => app.name === "nuxt");
  // Each page once before measuring: what a server renders once (our guest pages) is not a visitor's cost.
  for (const app of apps) {
    for (const [label, { signedIn, path = label, locale = "en" }] of Object.entries(PAGES)) {
      const headers = { "Accept-Language": locale, ...(signedIn ? { cookie: app.cookie } : {}) };
      await fetch(`${app.base}${path}`, { headers }).then((r) => r.arrayBuffer());
    }
  }

  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const pages = await measurePagesInRounds(browser, apps, PAGES, { rounds: ROUNDS, elsewhere: elsewhereUrl });
  await browser.close();

  // Warm up, then idle memory.
  const rssIdle: Record<string, number> = {};
  for (const app of apps) {
    for (let i = 0; i < 200; i++) await fetch(`${app.base}/`).then((r) => r.arrayBuffer());
    rssIdle[app.name] = rssMb(app.pid);
  }

  // The trivial route first: every share is taken against it in the same round.
  const targets: Record<string, Target> = { [`${ours.name} trivial`]: { url: `${ours.base}/healthz` } };
  for (const [route, target] of Object.entries(ROUTES)) {
    for (const app of apps) targets[`${app.name} ${route}`] = target(app);
  }
  const throughput = await loadInRounds(targets, baseline ? BASELINE_LOAD_ROUNDS : ROUNDS);
  const rssLoaded = Object.fromEntries(apps.map((app) => [app.name, rssMb(app.pid)]));

  // Cold starts: the first one (a new build's first start) and more from nothing, in turn; the median.
  const coldStarts = new Map(apps.map((app) => [app.name, [app.coldStartMs]]));
  for (let round = 1; round < ROUNDS; round++) {
    for (const app of apps) coldStarts.get(app.name)?.push(await app.coldStartAgain());
  }
  const coldStartMs = (app: BenchApp) => median(coldStarts.get(app.name) ?? []);

  const report = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, ${cpus().length} cores, Node ${process.version}`,
    coldStartMs: Object.fromEntries(
      apps.map((app) => [app.name, { median: coldStartMs(app), runs: coldStarts.get(app.name) }]),
    ),
    rssMb: { idle: rssIdle, afterLoad: rssLoaded },
    pages,
    throughput,
  };
  console.log(JSON.stringify(report, null, 2));

  const pageRows: Record<string, Record<string, number>> = {};
  for (const app of apps) {
    for (const [path, figures] of Object.entries(pages[app.name] ?? {})) {
      const cold = figures[CHECKED_MODE];
      pageRows[`${app.name} ${path}`] = {
        requests: cold.requests,
        "JS br": cold.jsBrotli,
        "framework br": cold.frameworkJsBrotli,
        "CSS br": cold.cssBrotli,
        "HTML wire": cold.htmlTransferred,
        TTFB: cold.ttfb,
        DCL: cold.domContentLoaded,
        LCP: cold.lcp,
        CLS: cold.cls,
        ...Object.fromEntries(
          Object.keys(LOAD_MODES).map((mode) => [`FCP ${mode}`, figures[mode as LoadMode].fcp]),
        ),
      };
    }
  }
  console.table(pageRows);
  console.table(
    Object.fromEntries(
      Object.entries(throughput).map(([name, { runs: _runs, share, ...figures }]) => [
        name,
        name.startsWith(`${ours.name} `) ? { ...figures, share } : figures,
      ]),
    ),
  );

  const { comparisons, failures } = checkBudgets({
    ours,
    peer,
    pages,
    throughput,
    rssIdle,
    rssLoaded,
    coldStartMs,
  });
  console.table(comparisons);
  if (baseline) {
    const against = checkAgainstBaseline(ours, baseline, pages, throughput);
    console.table(against.comparisons);
    failures.push(...against.failures);
  }
  if (!peer) {
    const missing = "the Nuxt peer was not measured (set BENCH_NUXT_PEER: docs/performance.md)";
    if (check) failures.push(missing);
    else console.log(`\nNote: ${missing}.`);
  }
  if (failures.length > 0) {
    console.log(`\nBudgets broken:\n- ${failures.join("\n- ")}`);
    if (check) process.exitCode = 1;
  } else {
    console.log("\nAll budgets hold.");
  }
} finally {
  for (const app of apps) app.stop();
  elsewhere.close();
}
