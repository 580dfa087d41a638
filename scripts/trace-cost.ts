/**
 * `node scripts/trace-cost.ts` (after `npm run build`): what traces cost per
 * request. Starts the production build three times on loopback, as `npm
 * run serve` does, each with a fresh database and a signed-in account:
 * with tracing off, exporting every trace, and exporting a tenth of them
 * (`parentbased_traceidratio` 0.1), to local OTLP/HTTP receivers in this
 * process (they count what arrives and keep nothing).
 * Then loads routes that read the database with autocannon, 10 s a run,
 * every server at the same moment (10 connections each), so that a shared
 * machine's slow spells hit them all alike, for three rounds; and prints the
 * medians, the median of each round's figures against off's, and each server's own
 * CPU time per request (from /proc, the export's batching and sending
 * included), as JSON and tables (docs/deploy.md#8-traces has the latest).
 * Bounded: about two minutes, 127.0.0.1 only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../tests/fixtures/tcp.ts";
import { productionEnv, rssMb } from "./bench/apps.ts";
import { type LoadResult, load } from "./bench/load.ts";
import { median } from "./bench/median.ts";
import { createAccountThroughOutbox, until } from "./outbox-account.ts";
import { serveArguments } from "./serve-arguments.ts";

const ROUNDS = 3;
const SECONDS = 10;
const ROUTES = ["/api/_auth/session", "/dashboard"];

/** The collector's stand-in: answers every export `200 {}`, counting posts, bytes and spans. */
async function startCountingReceiver() {
  const received = { posts: 0, bytes: 0, spans: 0 };
  const server = createServer((request, response) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      received.posts += 1;
      received.bytes += Buffer.byteLength(body);
      received.spans += body.split('"spanId"').length - 1;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("{}");
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, received, close: () => server.close() };
}

type Started = { child: ChildProcess; base: string; cookie: string };

/** CPU time a process has used so far, user and system, in microseconds (Linux). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime, the 14th and 15th fields, are the 12th and 13th after the name; in 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The build on a free port with `env`, a fresh database, and an account signed in. */
async function startApp(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "trace-cost-"));
  const child = spawn(process.execPath, serveArguments(), {
    env: { ...process.env, ...productionEnv(port, base, dataDir), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const ready = await until(
    () =>
      fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      ),
    15_000,
  );
  if (!ready) throw new Error(`${base} did not start`);
  const cookie = await createAccountThroughOutbox(
    { base, dataDir },
    { name: "Bench User", email: `bench-${Date.now()}@example.com`, password: "correct horse battery" },
  );
  return { child, base, cookie };
}

/** The servers compared: traces off; every trace exported; a tenth of them (the sampler a busy site would use). */
const MODES = {
  off: {},
  on: {},
  "on, 10 %": { OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" },
} satisfies Record<string, Record<string, string>>;
type Mode = keyof typeof MODES;
const modes = Object.keys(MODES) as Mode[];
const traced = modes.filter((mode) => mode !== "off");

const receivers = Object.fromEntries(
  await Promise.all(traced.map(async (mode) => [mode, await startCountingReceiver()] as const)),
) as Record<Exclude<Mode, "off">, Awaited<ReturnType<typeof startCountingReceiver>>>;
const apps = {} as Record<Mode, Started>;
for (const mode of modes) {
  apps[mode] =
    mode === "off"
      ? await startApp({})
      : await startApp({
          OTEL_EXPORTER_OTLP_ENDPOINT: receivers[mode].url,
          OTEL_SERVICE_NAME: "trace-cost",
          ...MODES[mode],
        });
}
try {
  // Warm up each: compiled code, statement caches, the first export.
  for (const app of Object.values(apps)) {
    for (const route of ROUTES) {
      for (let i = 0; i < 200; i++) {
        await fetch(`${app.base}${route}`, { headers: { cookie: app.cookie } }).then((r) => r.arrayBuffer());
      }
    }
  }
  const runs = new Map<string, (LoadResult & { cpuMicrosPerRequest: number })[]>();
  const exported = Object.fromEntries(traced.map((mode) => [mode, { spans: 0, requests: 0 }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const route of ROUTES) {
      const spansBefore = traced.map((mode) => receivers[mode].received.spans);
      const cpuBefore = modes.map((mode) => cpuMicros(apps[mode].child.pid ?? 0));
      const loaded = await Promise.all(
        modes.map((mode) => load(`${apps[mode].base}${route}`, { cookie: apps[mode].cookie }, SECONDS)),
      );
      // The last batch goes out within 5 s of the run: its CPU and its spans count with the run.
      await new Promise((resume) => setTimeout(resume, 6000));
      modes.forEach((mode, index) => {
        const result = loaded[index] as LoadResult;
        const requests = result.rps * SECONDS;
        const cpu = cpuMicros(apps[mode].child.pid ?? 0) - (cpuBefore[index] ?? 0);
        runs.set(`${mode} ${route}`, [
          ...(runs.get(`${mode} ${route}`) ?? []),
          { ...result, cpuMicrosPerRequest: Math.round(cpu / (requests || 1)) },
        ]);
        const counted = exported[mode];
        if (mode !== "off" && counted) {
          counted.spans += receivers[mode].received.spans - (spansBefore[traced.indexOf(mode)] ?? 0);
          counted.requests += requests;
        }
      });
    }
  }
  const figures = Object.fromEntries(
    [...runs].map(([name, results]) => [
      name,
      {
        rps: median(results.map((result) => result.rps)),
        p50: median(results.map((result) => result.p50)),
        p99: median(results.map((result) => result.p99)),
        "CPU µs/request": median(results.map((result) => result.cpuMicrosPerRequest)),
        errors: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
        runs: results.map(({ rps, p99, cpuMicrosPerRequest }) => ({ rps, p99, cpuMicrosPerRequest })),
      },
    ]),
  );
  const comparisons = Object.fromEntries(
    traced.flatMap((mode) =>
      ROUTES.map((route) => {
        const rounds = (runs.get(`${mode} ${route}`) ?? []).map((run, round) => ({
          run,
          off: runs.get(`off ${route}`)?.[round],
        }));
        return [
          `${mode} ${route}`,
          {
            "rps / off":
              Math.round(median(rounds.map(({ run, off }) => run.rps / (off?.rps || 1))) * 1000) / 1000,
            "p50 − off (ms)": median(rounds.map(({ run, off }) => run.p50 - (off?.p50 ?? 0))),
            "CPU µs/request − off": median(
              rounds.map(({ run, off }) => run.cpuMicrosPerRequest - (off?.cpuMicrosPerRequest ?? 0)),
            ),
          },
        ];
      }),
    ),
  );
  const report = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, ${cpus().length} cores, Node ${process.version}`,
    figures,
    comparisons,
    exported: Object.fromEntries(
      traced.map((mode) => [
        mode,
        {
          ...receivers[mode].received,
          spansPerRequest:
            Math.round(((exported[mode]?.spans ?? 0) / (exported[mode]?.requests || 1)) * 100) / 100,
        },
      ]),
    ),
    rssMbAfterLoad: Object.fromEntries(modes.map((mode) => [mode, rssMb(apps[mode].child.pid ?? 0)])),
  };
  console.log(JSON.stringify(report, null, 2));
  console.table(
    Object.fromEntries(Object.entries(figures).map(([name, { runs: _runs, ...rest }]) => [name, rest])),
  );
  console.table(comparisons);
} finally {
  for (const app of Object.values(apps)) app.child.kill("SIGTERM");
  for (const receiver of Object.values(receivers)) receiver.close();
}
