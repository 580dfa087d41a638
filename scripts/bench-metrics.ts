/**
 * `npm run build && node scripts/bench-metrics.ts`: what the Prometheus
 * metrics cost (docs/deploy.md, "Metrics"). Each round starts a fresh pair
 * of servers of the same build, one without `METRICS_PORT` and one with it
 * (which starts and is loaded first alternates: on a shared machine the
 * second process of a pair was measured up to 20% slower with no metrics at
 * all), loads each route on each for 10 s, then stops them. Prints the medians of
 * throughput, latency and the server's CPU time per request, a scrape's time
 * and size, and the cold starts. Bounded: about three minutes, 127.0.0.1 only.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../tests/fixtures/tcp.ts";
import { type BenchApp, startOurs } from "./bench/apps.ts";
import { type LoadResult, load } from "./bench/load.ts";
import { median } from "./bench/median.ts";

const ROUNDS = 4;
const SECONDS = 10;
const SETTINGS = ["off", "on"] as const;
type Setting = (typeof SETTINGS)[number];

const ROUTES: Record<string, (app: BenchApp) => { url: string; headers?: Record<string, string> }> = {
  "GET /login": (app) => ({ url: `${app.base}/login` }),
  "GET /api/_auth/session (cookie)": (app) => ({
    url: `${app.base}/api/_auth/session`,
    headers: { cookie: app.cookie },
  }),
};

/** CPU time the process has used, user and system, in ms (`/proc/{pid}/stat`, in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

type Run = LoadResult & { cpuUs: number };
const runs = new Map<string, Record<Setting, Run[]>>(
  Object.keys(ROUTES).map((name) => [name, { off: [], on: [] }]),
);
const coldStarts: Record<Setting, number[]> = { off: [], on: [] };
const scrapes: number[] = [];
let scrapeBytes = 0;

for (let round = 0; round < ROUNDS; round++) {
  const metricsPort = await freePort();
  const apps = {} as Record<Setting, BenchApp>;
  const order = round % 2 === 0 ? SETTINGS : [...SETTINGS].reverse();
  for (const setting of order) {
    apps[setting] = await startOurs(setting === "on" ? { METRICS_PORT: String(metricsPort) } : {});
    coldStarts[setting].push(apps[setting].coldStartMs);
  }
  try {
    for (const [name, route] of Object.entries(ROUTES)) {
      for (const setting of order) {
        const app = apps[setting];
        const target = route(app);
        // Warm up: what a server does once (rendering a guest page, compiling) is no request's cost.
        for (let i = 0; i < 200; i++)
          await fetch(target.url, { headers: target.headers }).then((r) => r.arrayBuffer());
        const cpuBefore = cpuMs(app.pid);
        const result = await load(target.url, target.headers, SECONDS);
        const cpuUs = ((cpuMs(app.pid) - cpuBefore) * 1000) / (result.rps * SECONDS);
        runs.get(name)?.[setting].push({ ...result, cpuUs });
      }
    }
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      scrapeBytes = (await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).arrayBuffer()).byteLength;
      scrapes.push(performance.now() - started);
    }
  } finally {
    for (const app of Object.values(apps)) app.stop();
  }
}

/** The app's functions that only count (request-metrics.ts, metrics.server.ts), and Kysely's query log. */
const METRIC_FUNCTIONS = new Set([
  "routeOf",
  "requestStarted",
  "requestAnswered",
  "observeQuery",
  "#logQuery",
]);

type ProfileNode = { id: number; callFrame: { functionName: string; url: string }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * The CPU time a profile spent in the metrics, in µs, and its share of the
 * busy time from the first timed request on (loading the modules at start
 * is no request's cost): time in prom-client (its own chunk of the build),
 * in `METRIC_FUNCTIONS` and what they call, and in the timing middleware
 * itself (`timeRequest`, whose callees are the request).
 */
function metricsTime(profile: Profile): { us: number; share: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const counting = (node: ProfileNode) =>
    node.callFrame.url.includes("/prom-client-") || METRIC_FUNCTIONS.has(node.callFrame.functionName);
  let busy = 0;
  let metrics = 0;
  profile.samples.forEach((sample, index) => {
    const leaf = byId.get(sample);
    if (!leaf || ["(idle)", "(program)"].includes(leaf.callFrame.functionName)) return;
    let counted = leaf.callFrame.functionName === "timeRequest";
    for (let node: ProfileNode | undefined = leaf; node && !counted; ) {
      counted = counting(node);
      node = byId.get(parentOf.get(node.id) ?? -1);
    }
    const time = profile.timeDeltas[index + 1] ?? 0;
    if (counted) metrics += time;
    if (metrics > 0) busy += time;
  });
  return { us: metrics, share: metrics / busy };
}

/** The profile of a stopped server, once it has written all of it. */
async function writtenProfile(dir: string): Promise<Profile> {
  for (let tries = 0; tries < 100; tries++) {
    const file = readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
    try {
      if (file) return JSON.parse(readFileSync(join(dir, file), "utf8"));
    } catch {
      // Still being written.
    }
    await new Promise((next) => setTimeout(next, 100));
  }
  throw new Error(`no CPU profile in ${dir}`);
}

// The profiled server: both routes, 10 s each, then its profile (written when it exits).
const profileDir = mkdtempSync(join(tmpdir(), "bench-metrics-profile-"));
const profiled = await startOurs({
  METRICS_PORT: String(await freePort()),
  NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
});
let profiledRequests = 0;
for (const route of Object.values(ROUTES)) {
  const target = route(profiled);
  profiledRequests += (await load(target.url, target.headers, SECONDS)).rps * SECONDS;
}
profiled.stop();
const inMetrics = metricsTime(await writtenProfile(profileDir));

const rows: Record<string, Record<string, number>> = {};
for (const [name, bySetting] of runs) {
  const figure = (setting: Setting, key: "rps" | "p50" | "p99" | "cpuUs") =>
    Math.round(median(bySetting[setting].map((run) => run[key])));
  rows[name] = {
    "req/s off": figure("off", "rps"),
    "req/s on": figure("on", "rps"),
    "on/off": Math.round((figure("on", "rps") / figure("off", "rps")) * 1000) / 1000,
    "CPU µs/req off": figure("off", "cpuUs"),
    "CPU µs/req on": figure("on", "cpuUs"),
    "p50 ms off": figure("off", "p50"),
    "p50 ms on": figure("on", "p50"),
    "p99 ms off": figure("off", "p99"),
    "p99 ms on": figure("on", "p99"),
    errors: [...bySetting.off, ...bySetting.on].reduce((sum, run) => sum + run.errors + run.non2xx, 0),
  };
}
console.table(rows);
console.log(
  JSON.stringify(
    {
      rows,
      runs: Object.fromEntries(
        [...runs].map(([name, bySetting]) => [
          name,
          Object.fromEntries(SETTINGS.map((setting) => [setting, bySetting[setting].map((run) => run.rps)])),
        ]),
      ),
      profile: {
        metricsShareOfCpu: Math.round(inMetrics.share * 1000) / 1000,
        metricsUsPerRequest: Math.round((inMetrics.us / profiledRequests) * 10) / 10,
      },
      scrape: { medianMs: Math.round(median(scrapes) * 10) / 10, bytes: scrapeBytes },
      coldStartMs: { off: median(coldStarts.off), on: median(coldStarts.on), runs: coldStarts },
    },
    null,
    2,
  ),
);
