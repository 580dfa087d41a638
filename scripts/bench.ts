/**
 * `npm run bench [-- --check]`: starts the production build on loopback with a
 * fresh database, signs up a user, then measures what issue 7 budgets and
 * prints JSON and a table. `--check` exits 1 when a budget is broken.
 * Bounded: about two minutes, 127.0.0.1 only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/fixtures/chromium.ts";
import { freePort } from "../tests/fixtures/tcp.ts";
import { budgets } from "./bench/budgets.ts";
import { loadInRounds } from "./bench/load.ts";
import { measurePage, type PageMetrics } from "./bench/page-metrics.ts";
import { serveArguments } from "./serve-arguments.ts";

// A free port unless told: never measure some other server on a fixed one.
const PORT = Number(process.env.BENCH_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${PORT}`;
const check = process.argv.includes("--check");
/** Each route is loaded this many times (5 s each, in turn with the others); its figures are the medians. */
const LOAD_ROUNDS = 3;

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function startServer(): Promise<{ child: ChildProcess; coldStartMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-"));
  const started = performance.now();
  const child = spawn(process.execPath, serveArguments(), {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 15_000) throw new Error("server did not start within 15 s");
    await new Promise((next) => setTimeout(next, 10));
  }
  return { child, coldStartMs: Math.round(performance.now() - started) };
}

async function signUp(): Promise<string> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "signup",
      name: "Bench User",
      email: `bench-${Date.now()}@example.com`,
      password: "correct horse battery",
    }),
  });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

const { child, coldStartMs } = await startServer();
const pid = child.pid ?? 0;
try {
  const cookie = await signUp();

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumArgs,
  });
  const guest = await browser.newContext({ baseURL: base });
  const member = await browser.newContext({ baseURL: base });
  await member.addCookies(
    cookie.split("; ").map((pair) => {
      const [name = "", ...value] = pair.split("=");
      return { name, value: value.join("="), url: base };
    }),
  );
  const pages: Record<string, PageMetrics> = {
    "/": await measurePage(guest, "/"),
    "/login": await measurePage(guest, "/login"),
    "/dashboard": await measurePage(member, "/dashboard"),
  };
  await browser.close();

  // Warm up, then idle memory.
  for (let i = 0; i < 200; i++) await fetch(`${base}/`).then((r) => r.arrayBuffer());
  const rssIdle = rssMb(pid);

  // The trivial route first: every share is taken against it in the same round.
  const throughput = await loadInRounds(
    {
      trivial: { url: `${base}/healthz` },
      "GET /": { url: `${base}/` },
      "GET /login": { url: `${base}/login` },
      "GET /api/_auth/session": { url: `${base}/api/_auth/session` },
      "GET /api/_auth/session (cookie)": { url: `${base}/api/_auth/session`, headers: { cookie } },
      "GET /dashboard (signed in)": { url: `${base}/dashboard`, headers: { cookie } },
    },
    LOAD_ROUNDS,
  );
  const rssLoaded = rssMb(pid);

  const homeHtml = pages["/"]?.htmlTransferred ?? 0;
  const report = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, ${(await import("node:os")).cpus().length} cores, Node ${process.version}`,
    coldStartMs,
    rssMb: { idle: rssIdle, afterLoad: rssLoaded },
    pages,
    throughput,
  };
  console.log(JSON.stringify(report, null, 2));
  console.table(
    Object.fromEntries(
      Object.entries(pages).map(([path, m]) => [
        path,
        {
          requests: m.requests,
          "JS br": m.jsBrotli,
          "JS raw": m.jsBytes,
          "CSS br": m.cssBrotli,
          "HTML wire": m.htmlTransferred,
          TTFB: m.ttfb,
          FCP: m.fcp,
          LCP: m.lcp,
          CLS: m.cls,
        },
      ]),
    ),
  );
  console.table(
    Object.fromEntries(
      Object.entries(throughput).map(([name, { runs: _runs, ...figures }]) => [name, figures]),
    ),
  );

  const failures: string[] = [];
  for (const [path, limit] of Object.entries(budgets.jsBrotli)) {
    const actual = pages[path]?.jsBrotli ?? 0;
    if (actual > limit) failures.push(`JS on ${path}: ${actual} B brotli > ${limit}`);
    const css = pages[path]?.cssBrotli ?? 0;
    if (css > budgets.cssBrotli) failures.push(`CSS on ${path}: ${css} B brotli > ${budgets.cssBrotli}`);
  }
  if (homeHtml > budgets.homeHtmlCompressed)
    failures.push(`HTML of /: ${homeHtml} B > ${budgets.homeHtmlCompressed}`);
  for (const [name, share] of Object.entries(budgets.throughputShare)) {
    const actual = throughput[name]?.share ?? 0;
    if (actual < share) failures.push(`${name}: ${actual} of the trivial route < ${share}`);
  }
  for (const [name, result] of Object.entries(throughput)) {
    if (result.p99 >= budgets.p99Ms) failures.push(`${name}: p99 ${result.p99} ms >= ${budgets.p99Ms}`);
    if (result.errors > 0 || result.non2xx > 0)
      failures.push(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  }
  if (rssIdle > budgets.rssIdleMb) failures.push(`RSS idle ${rssIdle} MB > ${budgets.rssIdleMb}`);
  if (rssLoaded > budgets.rssLoadedMb)
    failures.push(`RSS after load ${rssLoaded} MB > ${budgets.rssLoadedMb}`);
  if (coldStartMs > budgets.coldStartMs)
    failures.push(`cold start ${coldStartMs} ms > ${budgets.coldStartMs}`);
  if (failures.length > 0) {
    console.log(`\nBudgets broken:\n- ${failures.join("\n- ")}`);
    if (check) process.exitCode = 1;
  } else {
    console.log("\nAll budgets hold.");
  }
} finally {
  child.kill("SIGTERM");
}
