/**
 * `npm run bench [-- --check]`: starts the production build on loopback with a
 * fresh database, signs up a user, and measures pages in Chromium (cold, and
 * with every script blocked), throughput and latency, memory and cold start.
 * With `BENCH_NUXT_PEER=<folder of a built Nuxt peer>` it measures the peer
 * in the same run, alternating with ours, and prints each figure beside it
 * with the ratio. Prints JSON and tables; `--check` exits 1 when a budget
 * (scripts/bench/budgets.ts) is broken. Bounded: a few minutes, 127.0.0.1 only.
 */
import { createServer } from "node:http";
import { cpus } from "node:os";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/fixtures/chromium.ts";
import { type BenchApp, rssMb, startNuxtPeer, startOurs } from "./bench/apps.ts";
import { budgets } from "./bench/budgets.ts";
import { loadInRounds, type Target } from "./bench/load.ts";
import { median } from "./bench/median.ts";
import { LOAD_MODES, type LoadMode, measurePagesInRounds } from "./bench/page-rounds.ts";

const check = process.argv.includes("--check");
const peerDir = process.env.BENCH_NUXT_PEER;
/** Pages are loaded and routes loaded (5 s each) this many times, alternating; figures are medians. */
const ROUNDS = 3;
const PAGES = { "/": { signedIn: false }, "/login": { signedIn: false }, "/dashboard": { signedIn: true } };
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

/** The mode the peer comparison and the scripts-blocked ratio are checked on; every mode is printed. */
const CHECKED_MODE: LoadMode = "from another site";
const NO_JS_OF: Record<LoadMode, LoadMode> = {
  "new tab": "new tab, no JS",
  "new tab, no JS": "new tab, no JS",
  "from another site": "from another site, no JS",
  "from another site, no JS": "from another site, no JS",
};

const apps: BenchApp[] = [];
try {
  apps.push(await startOurs());
  if (peerDir) apps.push(await startNuxtPeer(peerDir));
  const [ours, peer] = apps as [BenchApp, BenchApp | undefined];
  // Each page once before measuring: what a server renders once (our guest pages) is not a visitor's cost.
  for (const app of apps) {
    for (const [path, { signedIn }] of Object.entries(PAGES)) {
      await fetch(`${app.base}${path}`, { headers: signedIn ? { cookie: app.cookie } : {} }).then((r) =>
        r.arrayBuffer(),
      );
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
  const throughput = await loadInRounds(targets, ROUNDS);
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

  const failures: string[] = [];
  const comparisons: Record<string, { ours: number; nuxt?: number; ratio?: number; target: string }> = {};
  for (const path of Object.keys(PAGES)) {
    const mine = pages[ours.name]?.[path];
    if (!mine) continue;
    const cold = mine[CHECKED_MODE];
    if (cold.jsBrotli > budgets.jsBrotli)
      failures.push(`JS on ${path}: ${cold.jsBrotli} B brotli > ${budgets.jsBrotli}`);
    if (cold.cssBrotli > budgets.cssBrotli)
      failures.push(`CSS on ${path}: ${cold.cssBrotli} B brotli > ${budgets.cssBrotli}`);
    for (const mode of ["new tab", "from another site"] as const) {
      const withScripts = mine[mode].fcp;
      const floor = mine[NO_JS_OF[mode]].fcp;
      const overBlocked = withScripts / (floor || 1);
      comparisons[`FCP ${path}, ${mode} / with scripts blocked`] = {
        ours: Math.round(overBlocked * 100) / 100,
        target: `≤ ${budgets.fcpOverScriptsBlocked}`,
      };
      if (mode === CHECKED_MODE && overBlocked > budgets.fcpOverScriptsBlocked)
        failures.push(
          `FCP on ${path}: ${withScripts} ms > ${budgets.fcpOverScriptsBlocked} × ${floor} ms (scripts blocked)`,
        );
      const theirs = peer && pages[peer.name]?.[path]?.[mode];
      if (!theirs) continue;
      const ratio = withScripts / (theirs.fcp || 1);
      comparisons[`FCP ${path}, ${mode} (ms)`] = {
        ours: withScripts,
        nuxt: theirs.fcp,
        ratio: Math.round(ratio * 100) / 100,
        target: mode === CHECKED_MODE ? `≤ ${budgets.peer.fcpRatio}` : "(printed)",
      };
      if (mode === CHECKED_MODE && ratio > budgets.peer.fcpRatio)
        failures.push(`FCP on ${path}: ${withScripts} ms > the Nuxt peer's ${theirs.fcp} ms`);
    }
  }
  const homeHtml = pages[ours.name]?.["/"]?.[CHECKED_MODE].htmlTransferred ?? 0;
  if (homeHtml > budgets.homeHtmlCompressed)
    failures.push(`HTML of /: ${homeHtml} B > ${budgets.homeHtmlCompressed}`);
  for (const [route, share] of Object.entries(budgets.throughputShare)) {
    const actual = throughput[`${ours.name} ${route}`]?.share ?? 0;
    if (actual < share) failures.push(`${route}: ${actual} of the trivial route < ${share}`);
  }
  for (const [route, minimum] of Object.entries(budgets.peer.rpsRatio)) {
    const mine = throughput[`${ours.name} ${route}`]?.rps ?? 0;
    const theirs = peer ? throughput[`${peer.name} ${route}`]?.rps : undefined;
    if (theirs === undefined) continue;
    const ratio = mine / (theirs || 1);
    comparisons[`${route} (req/s)`] = {
      ours: mine,
      nuxt: theirs,
      ratio: Math.round(ratio * 100) / 100,
      target: `≥ ${minimum}`,
    };
    if (ratio < minimum) failures.push(`${route}: ${mine} req/s < ${minimum} × the Nuxt peer's ${theirs}`);
  }
  for (const [name, result] of Object.entries(throughput)) {
    if (!name.startsWith(`${ours.name} `)) continue;
    if (result.p99 >= budgets.p99Ms) failures.push(`${name}: p99 ${result.p99} ms >= ${budgets.p99Ms}`);
    if (result.errors > 0 || result.non2xx > 0)
      failures.push(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  }
  const mineIdle = rssIdle[ours.name] ?? 0;
  const mineLoaded = rssLoaded[ours.name] ?? 0;
  if (mineIdle > budgets.rssIdleMb) failures.push(`RSS idle ${mineIdle} MB > ${budgets.rssIdleMb}`);
  if (mineLoaded > budgets.rssLoadedMb)
    failures.push(`RSS after load ${mineLoaded} MB > ${budgets.rssLoadedMb}`);
  if (coldStartMs(ours) > budgets.coldStartMs)
    failures.push(`cold start ${coldStartMs(ours)} ms > ${budgets.coldStartMs}`);
  for (const [label, value, target] of [
    ["Idle RSS (MB)", (app: BenchApp) => rssIdle[app.name] ?? 0, `≤ ${budgets.rssIdleMb} MB`],
    ["RSS after load (MB)", (app: BenchApp) => rssLoaded[app.name] ?? 0, `≤ ${budgets.rssLoadedMb} MB`],
    ["Cold start to first 200 (ms)", coldStartMs, `≤ ${budgets.coldStartMs} ms`],
  ] as const) {
    comparisons[label] = {
      ours: value(ours),
      ...(peer
        ? { nuxt: value(peer), ratio: Math.round((value(ours) / (value(peer) || 1)) * 100) / 100 }
        : {}),
      target,
    };
  }
  console.table(comparisons);
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
