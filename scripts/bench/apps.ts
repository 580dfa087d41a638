/**
 * The servers a bench measures: ours (the production build, started exactly
 * as `npm run serve` starts it) and, when given, the Nuxt peer of
 * `../shared/peers/nuxt` built in a folder of its own. Each is started on a
 * free loopback port with nothing else on it, and signed in once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../tests/fixtures/tcp.ts";
import { createAccountThroughOutbox } from "../outbox-account.ts";
import { serveArguments } from "../serve-arguments.ts";
import type { AssetFiles } from "./page-metrics.ts";

export type BenchApp = {
  name: string;
  base: string;
  pid: number;
  /** From spawning Node to the first `200` of its cheapest route. */
  coldStartMs: number;
  /** Starts another process of the same app from nothing (a fresh database for ours), and stops it: its cold start. */
  coldStartAgain: () => Promise<number>;
  /** A signed-in visitor's Cookie header. */
  cookie: string;
  assetFile: AssetFiles;
  stop: () => void;
};

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

type Started = { child: ChildProcess; coldStartMs: number; base: string };

/**
 * Starts Node with `args` on a free loopback port (`env` made for that port
 * and its base URL) and times it until `readyPath` answers `200`.
 */
async function spawnUntilAnswered(
  args: string[],
  env: (port: number, base: string) => Record<string, string>,
  readyPath: string,
  cwd?: string,
): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const readyUrl = `${base}${readyPath}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env(port, base) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (;;) {
    try {
      if ((await fetch(readyUrl)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
    if (performance.now() - started > 15_000) {
      child.kill("SIGKILL");
      throw new Error(`${readyUrl} did not answer within 15 s`);
    }
    await new Promise((next) => setTimeout(next, 5));
  }
  return { child, coldStartMs: Math.round(performance.now() - started), base };
}

/** Starts a server, and stops it as soon as it has answered: its cold start. */
async function coldStartOnly(start: () => Promise<Started>) {
  const { child, coldStartMs } = await start();
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  await exited;
  return coldStartMs;
}

/** What a production server of ours is started with on the bench: loopback, quiet, its own data. */
export function productionEnv(port: number, base: string, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  };
}

/**
 * Our production build (run `npm run build` first) with a fresh SQLite
 * database, and a new account; `extraEnv` on top of the bench's own
 * (`METRICS_PORT`, say). `dir` is the folder holding the `build/` to run
 * (this one by default), and `nodeArgs` go before the serve script's own
 * (`--cpu-prof`, say).
 */
export async function startOurs(
  extraEnv: Record<string, string> = {},
  { dir, nodeArgs = [], name = "ours" }: { dir?: string; nodeArgs?: string[]; name?: string } = {},
): Promise<BenchApp> {
  const launch = (dataDir = mkdtempSync(join(tmpdir(), "bench-"))) =>
    spawnUntilAnswered(
      [...nodeArgs, ...serveArguments()],
      (port, base) => ({ ...productionEnv(port, base, dataDir), ...extraEnv }),
      "/healthz",
      dir,
    );
  const dataDir = mkdtempSync(join(tmpdir(), "bench-"));
  const { child, coldStartMs, base } = await launch(dataDir);
  const cookie = await createAccountThroughOutbox(
    { base, dataDir },
    { name: "Bench User", email: `bench-${Date.now()}@example.com`, password: "correct horse battery" },
  );
  return {
    name,
    base,
    pid: child.pid ?? 0,
    coldStartMs,
    coldStartAgain: () => coldStartOnly(() => launch()),
    cookie,
    assetFile: (path) => (path.startsWith("/assets/") ? join(dir ?? ".", `build/client${path}`) : undefined),
    stop: () => child.kill("SIGTERM"),
  };
}

/**
 * The Nuxt peer, built by its README's commands in `dir` (`.output/` present),
 * signed in as its demo account.
 */
export async function startNuxtPeer(dir: string): Promise<BenchApp> {
  const entry = join(dir, ".output/server/index.mjs");
  if (!existsSync(entry)) throw new Error(`no Nuxt peer build at ${entry}: see docs/performance.md`);
  const launch = () =>
    spawnUntilAnswered(
      [entry],
      (port) => ({
        PORT: String(port),
        HOST: "127.0.0.1",
        NODE_ENV: "production",
        NUXT_SESSION_PASSWORD: "bench-only-session-password-at-least-32-chars",
      }),
      "/api/_auth/session",
    );
  const { child, coldStartMs, base } = await launch();
  const signIn = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "demo@example.com", password: "demo-password" }),
  });
  if (!signIn.ok) throw new Error(`the Nuxt peer refused its demo sign-in: ${signIn.status}`);
  const publicDir = join(dir, ".output/public");
  return {
    name: "nuxt",
    base,
    pid: child.pid ?? 0,
    coldStartMs,
    coldStartAgain: () => coldStartOnly(launch),
    cookie: signIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; "),
    assetFile: (path) => (path.startsWith("/_nuxt/") ? join(publicDir, path) : undefined),
    stop: () => child.kill("SIGTERM"),
  };
}
