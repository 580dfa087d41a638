/**
 * `node scripts/dashboard-cost.ts [--rounds=N] [--seconds=S] [--path=P] [--cpu-prof=DIR] [dir…]`:
 * CPU time per signed-in `GET /dashboard` (or `--path`, e.g. the session
 * read, `/api/_auth/session`) of one or more production builds,
 * each `dir` a folder holding a `build/` (default: this one, after `npm run
 * build`). Copy a build aside to compare it with the next (`mkdir /tmp/a &&
 * cp -r build /tmp/a/ && ln -s "$PWD/node_modules" /tmp/a/`: the server
 * build loads a few packages from node_modules). Every build is started as the bench starts it
 * (`startOurs`: loopback, a fresh database, a signed-in account); then, for
 * each round, all builds are loaded at the same time with 10 connections
 * each (autocannon), so a shared machine's slow spells hit them alike. The
 * figure is the server's own CPU time (utime + stime from /proc) over the
 * requests it answered, which a busy machine moves far less than
 * requests/s, and its ratio to the first build's in the same round.
 * `--cpu-prof=DIR` starts the servers with `node --cpu-prof` (a profile per
 * server in DIR, written when it stops).
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { type BenchApp, startOurs } from "./bench/apps.ts";
import { median } from "./bench/median.ts";
import { until } from "./outbox-account.ts";

const { values, positionals } = parseArgs({
  options: {
    rounds: { type: "string", default: "6" },
    seconds: { type: "string", default: "5" },
    path: { type: "string", default: "/dashboard" },
    "cpu-prof": { type: "string" },
  },
  allowPositionals: true,
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const path = values.path;
const dirs = positionals.length > 0 ? positionals.map((dir) => resolve(dir)) : [process.cwd()];
const profileDir = values["cpu-prof"];
const nodeArgs = profileDir
  ? ["--cpu-prof", `--cpu-prof-dir=${resolve(profileDir)}`, "--cpu-prof-interval=250"]
  : [];

/** CPU time a process has used so far, user and system, in milliseconds (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime, the 14th and 15th fields, are the 12th and 13th after the name; in 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

type Run = { cpuMs: number; rps: number; p99: number };

/** Loads one build's page with 10 connections: its CPU time over the requests it answered. */
async function measure(app: BenchApp): Promise<Run> {
  const before = cpuMs(app.pid);
  const result = await autocannon({
    url: `${app.base}${path}`,
    headers: { cookie: app.cookie },
    connections: 10,
    duration: seconds,
  });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${app.base}: errors under load`);
  return {
    cpuMs: (cpuMs(app.pid) - before) / result.requests.total,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
  };
}

const apps: BenchApp[] = [];
try {
  for (const dir of dirs) apps.push(await startOurs({}, { dir, nodeArgs }));
  for (const app of apps) {
    // Warm up: compiled code, statement caches.
    for (let i = 0; i < 300; i++) {
      const response = await fetch(`${app.base}${path}`, { headers: { cookie: app.cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${app.base}: GET ${path} answered ${response.status}`);
    }
  }
  const runs: Run[][] = apps.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const results = await Promise.all(apps.map(measure));
    results.forEach((run, index) => {
      runs[index]?.push(run);
      const first = results[0] as Run;
      const ratio = index > 0 ? ` (${(run.cpuMs / first.cpuMs).toFixed(3)} of the first)` : "";
      console.log(
        `round ${round + 1} ${dirs[index]}: ${run.cpuMs.toFixed(2)} ms CPU/request${ratio}, ${run.rps} req/s, p99 ${run.p99} ms`,
      );
    });
  }
  const first = runs[0] ?? [];
  console.table(
    runs.map((results, index) => ({
      build: dirs[index],
      "CPU ms/request": Number(median(results.map((run) => run.cpuMs)).toFixed(2)),
      "CPU / first's": Number(
        median(results.map((run, round) => run.cpuMs / (first[round]?.cpuMs ?? 1))).toFixed(3),
      ),
      "req/s": median(results.map((run) => run.rps)),
      "p99 ms": median(results.map((run) => run.p99)),
    })),
  );
} finally {
  for (const app of apps) app.stop();
  // A profile is written as its process exits.
  await until(() => apps.every((app) => !existsSync(`/proc/${app.pid}`)), 10_000);
}
