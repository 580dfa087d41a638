/** The processes `npm run reliability` starts and breaks: the production server, and a Redis of its own. */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectOutput } from "../../tests/fixtures/process-output.ts";
import { freePort } from "../../tests/fixtures/tcp.ts";
import { until } from "../outbox-account.ts";
import { serveArguments } from "../serve-arguments.ts";

export type Server = {
  child: ChildProcess;
  base: string;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
};

/** The production build on a free loopback port, with `env`, its data in `dataDir`. */
export async function startServer(
  env: Record<string, string>,
  dataDir = mkdtempSync(join(tmpdir(), "reliability-")),
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serveArguments(), {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      APP_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      // One client (this script) makes every request: the per-IP limits would answer 429 instead.
      AUTH_RATE_LIMIT_PER_IP: "1000000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(child);
  const exited = new Promise<number | null>((done) => child.on("exit", (code) => done(code)));
  if (!(await until(() => output().includes("Listening on"), 20_000)))
    throw new Error(`no start:\n${output()}`);
  return { child, base, dataDir, output, exited } satisfies Server;
}

export async function stop(server: Server) {
  if (server.child.exitCode === null) server.child.kill("SIGTERM");
  await server.exited;
}

/** A `redis-server` on a port of its own, so stopping it stops nobody else's. */
export async function ownRedis() {
  const port = await freePort();
  let child: ChildProcess;
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
    await until(async () => {
      try {
        execFileSync("redis-cli", ["-p", String(port), "ping"], { stdio: "ignore" });
        return true;
      } catch {
        return false;
      }
    }, 5000);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    restart: start,
    process: () => child,
    stop: () => child.kill("SIGKILL"),
  };
}
