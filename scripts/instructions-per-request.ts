/**
 * `node scripts/instructions-per-request.ts [--path=P] [--warm=N] [--requests=N] [--connections=N] dir…`:
 * the machine instructions one request costs a production build (each `dir`
 * a folder holding a `build/`, as for dashboard-cost.ts; default: this one),
 * counted by Valgrind (`cachegrind`, Debian's `valgrind` package). Time on a
 * shared 2-core machine moves by a fifth between runs; an instruction count
 * moves by about 2 %, so it settles what time cannot (it does not see the
 * caches: confirm a small difference with dashboard-cost.ts).
 *
 * Each build is started twice under Valgrind, both signed in and warmed with
 * `--warm` sequential requests to `--path` (default the signed-in
 * `/dashboard`), and one of them then answers `--requests` more (10
 * connections): the difference of their totals over `--requests` is the
 * figure. About two minutes per build; the two runs share the two cores.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { freePort } from "../tests/fixtures/tcp.ts";
import { productionEnv } from "./bench/apps.ts";
import { createAccountThroughOutbox } from "./outbox-account.ts";
import { serveArguments } from "./serve-arguments.ts";

const { values, positionals } = parseArgs({
  options: {
    path: { type: "string", default: "/dashboard" },
    warm: { type: "string", default: "400" },
    requests: { type: "string", default: "300" },
    connections: { type: "string", default: "10" },
  },
  allowPositionals: true,
});
const dirs = positionals.length > 0 ? positionals.map((dir) => resolve(dir)) : [process.cwd()];

/** Instructions a server of `dir` ran in all, from start to stop, having answered `requests` after the warm-up. */
async function instructionsRun(dir: string, requests: number): Promise<number> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "instructions-"));
  const out = join(dataDir, "cachegrind.out");
  const child = spawn(
    "valgrind",
    [
      "--tool=cachegrind",
      "--cache-sim=no",
      // V8 writes and rewrites its compiled code in memory: Valgrind must notice.
      "--smc-check=all-non-file",
      `--cachegrind-out-file=${out}`,
      process.execPath,
      ...serveArguments(),
    ],
    {
      cwd: dir,
      env: { ...process.env, ...productionEnv(port, base, dataDir) },
      stdio: ["ignore", "ignore", "ignore"],
    },
  );
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${dir}: the server exited with ${child.exitCode}`);
      const ready = await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((next) => setTimeout(next, 500));
    }
    const cookie = await createAccountThroughOutbox(
      { base, dataDir },
      { name: "Bench User", email: `bench-${Date.now()}@example.com`, password: "correct horse battery" },
    );
    for (let i = 0; i < Number(values.warm); i++) {
      const response = await fetch(`${base}${values.path}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${dir}: GET ${values.path} answered ${response.status}`);
    }
    if (requests > 0) {
      const result = await autocannon({
        url: `${base}${values.path}`,
        headers: { cookie },
        connections: Number(values.connections),
        amount: requests,
        timeout: 600,
      });
      if (result.non2xx + result.errors > 0) throw new Error(`${dir}: errors under load`);
    }
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGTERM");
    await exited;
    const total = /^summary: (\d+)/m.exec(readFileSync(out, "utf8"))?.[1];
    if (!total) throw new Error(`${dir}: no count in ${out}`);
    return Number(total);
  } finally {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const requests = Number(values.requests);
const rows: { build: string; "M instructions/request": number; "× first": number }[] = [];
for (const dir of dirs) {
  const [warmOnly, loaded] = await Promise.all([instructionsRun(dir, 0), instructionsRun(dir, requests)]);
  const perRequest = (loaded - warmOnly) / requests / 1e6;
  const first = rows[0]?.["M instructions/request"] ?? perRequest;
  rows.push({
    build: dir,
    "M instructions/request": Number(perRequest.toFixed(2)),
    "× first": Number((perRequest / first).toFixed(3)),
  });
  console.log(`${dir}: ${perRequest.toFixed(2)} M instructions per GET ${values.path}`);
}
console.table(rows);
