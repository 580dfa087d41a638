/**
 * The Node entry: starts the HTTP server and stops it gracefully.
 * Production (`npm start`) serves the built app from `build/`; `--dev`
 * (`npm run dev`) serves the sources through Vite with hot reload.
 * `npm run dev` runs this file as TypeScript; the build writes it as
 * `build/server/main.js` for `npm run serve` (vite/node-entry.ts). Either
 * way it runs as plain Node, so it imports only Node, npm packages and the
 * build, never `~/` sources.
 */
import { writeFileSync } from "node:fs";
import { createServer, type RequestListener } from "node:http";
import { enableCompileCache, flushCompileCache } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { createDrainingServer } from "./draining-server.ts";
import { logConsoleAsJson, writeJsonLine } from "./json-console.ts";

type FetchApp = { fetch: (request: Request) => Response | Promise<Response> };
type ServerApp = {
  app: FetchApp;
  env: { PORT: number; HOST: string; APP_URL: string; METRICS_PORT?: number; METRICS_HOST: string };
  /** `GET /metrics`, for the metrics' own port; absent without METRICS_PORT. */
  metrics?: FetchApp;
  close: () => Promise<void>;
};
type ServerModule = {
  createServerApp: () => Promise<ServerApp>;
  STATIC_GUEST_PATHS: readonly string[];
  /** Whether an error says a database or its connection went away (recoverable), not a bug. */
  isOutageError: (error: unknown) => boolean;
};

/** How long a stop waits for the requests in flight before cutting them (the systemd unit waits longer). */
const SHUTDOWN_GRACE_MS = 10_000;
const isDev = process.argv.includes("--dev");
if (!isDev) logConsoleAsJson();

/** Starting and stopping, said whatever `LOG_LEVEL` is (process managers and tests wait for them). */
const announce = (message: string) =>
  isDev ? process.stdout.write(`${message}\n`) : writeJsonLine("info", [message]);

/** Loads the app, turning a configuration error into one line and exit 1. */
async function start(load: () => Promise<ServerModule>): Promise<ServerApp> {
  try {
    return await (await load()).createServerApp();
  } catch (error) {
    if (error instanceof Error && (error.name === "ConfigError" || error.name === "StartupError")) {
      // The one line a person starting the server reads: plain text.
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function createDevListener() {
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ server: { middlewareMode: true } });
  const load = () => vite.ssrLoadModule("./server/app.ts") as Promise<ServerModule>;
  let loaded = await load();
  let app = await start(async () => loaded);
  const handle: RequestListener = async (req, res) => {
    const latest = await load();
    if (latest !== loaded) {
      // A source file changed: rebuild the app from the new modules.
      await app.close();
      loaded = latest;
      app = await latest.createServerApp();
    }
    getRequestListener(app.app.fetch)(req, res);
  };
  return {
    env: app.env,
    isOutageError: (error: unknown) => loaded.isOutageError(error),
    listener: ((req, res) => vite.middlewares(req, res, () => handle(req, res))) as RequestListener,
    // The app of the moment: a rebuilt one has metrics of its own.
    metricsListener: getRequestListener(
      (request) => app.metrics?.fetch(request) ?? new Response("Not Found", { status: 404 }),
    ),
    close: async () => {
      await vite.close();
      await app.close();
    },
  };
}

/**
 * The server build's modules, with V8's compiled code for them kept on disk
 * next to the build (`build/server/compile-cache`, or NODE_COMPILE_CACHE): a
 * start skips compiling better-auth, React and the rest, about half of the
 * module loading time. The build fills it (`--fill-compile-cache`,
 * vite/compile-cache.ts), so even a new build's first start finds it; it
 * travels with the folder (portable). Node keeps one cache per Node version
 * and user id; a folder the process cannot write to is still read.
 */
async function loadServerBuild(): Promise<ServerModule> {
  enableCompileCache({
    directory: process.env.NODE_COMPILE_CACHE || fileURLToPath(new URL("compile-cache", import.meta.url)),
    portable: true,
  });
  // @ts-expect-error: the build exists only after `npm run build`.
  return import("../build/server/index.js");
}

async function createProductionListener() {
  const loaded = await loadServerBuild();
  const app = await start(async () => loaded);
  return {
    env: app.env,
    isOutageError: loaded.isOutageError,
    listener: getRequestListener(app.app.fetch),
    metricsListener: app.metrics && getRequestListener(app.metrics.fetch),
    close: app.close,
  };
}

// At build time (vite/compile-cache.ts): compile what a start compiles, the server build and
// the modules it loads while starting, into the cache; then stop without listening.
if (process.argv.includes("--fill-compile-cache")) {
  const app = await start(loadServerBuild);
  await app.close();
  flushCompileCache();
  process.exit(0);
}

// At build time (vite/critical-css.ts): each page a guest gets as a file, as the server renders
// it, written to the folder named, for the build to pick its critical CSS; then stop.
const guestPagesDir = process.argv.find((arg) => arg.startsWith("--render-guest-pages="))?.split("=")[1];
if (guestPagesDir) {
  const loaded = await loadServerBuild();
  const app = await start(async () => loaded);
  for (const path of loaded.STATIC_GUEST_PATHS) {
    const response = await app.app.fetch(new Request(new URL(path, app.env.APP_URL)));
    if (!response.ok) throw new Error(`${path} answered ${response.status} at build time`);
    writeFileSync(join(guestPagesDir, `${encodeURIComponent(path)}.html`), await response.text());
  }
  await app.close();
  process.exit(0);
}

const { env, listener, metricsListener, close, isOutageError } = isDev
  ? await createDevListener()
  : await createProductionListener();

/**
 * The last resort. An outage error that escaped every listener (a database
 * or Redis connection going away) is logged and survived: the app answers
 * 503 meanwhile and recovers by itself. Anything else is a bug that leaves
 * the process in a state nobody knows: logged, then exit 1, for the
 * process manager to start a clean one.
 */
function lastResort(kind: string) {
  return (error: unknown) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    if (isOutageError(error)) {
      writeJsonLine("warn", [`${kind} from a lost connection, survived:`, detail]);
      return;
    }
    writeJsonLine("error", [`${kind}; stopping:`, detail]);
    process.exit(1);
  };
}
process.on("uncaughtException", lastResort("uncaught exception"));
process.on("unhandledRejection", lastResort("unhandled rejection"));

const http = createDrainingServer(listener);
http.server.listen(env.PORT, env.HOST, () => {
  announce(`Listening on http://${env.HOST}:${env.PORT} (public URL ${env.APP_URL})`);
});

/**
 * The Prometheus metrics on a listener of their own (`METRICS_PORT`, bound to
 * `METRICS_HOST`, loopback by default), never on the public port: what they
 * tell (traffic, failures, queue depths) is for the operator's scraper only.
 */
const metricsServer =
  env.METRICS_PORT && metricsListener
    ? createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, metricsListener).listen(
        env.METRICS_PORT,
        env.METRICS_HOST,
        () => announce(`Metrics on http://${env.METRICS_HOST}:${env.METRICS_PORT}/metrics`),
      )
    : undefined;

/**
 * Stops gracefully (`drain`): the requests under way are answered, then the
 * app closes (its database, its mail worker). After `SHUTDOWN_GRACE_MS` the
 * rest is cut, said in the log, and the exit code is 1.
 */
function shutdown(signal: string) {
  if (http.stopping) return;
  announce(`${signal}: finishing in-flight requests, then stopping.`);
  // A scrape now would describe a process on its way out: the metrics stop first.
  metricsServer?.close();
  http.drain({
    graceMs: SHUTDOWN_GRACE_MS,
    closed: async () => {
      await close();
      announce("Stopped.");
      process.exit(0);
    },
    cut: (inFlight) => {
      writeJsonLine("error", [
        `Shutdown took over ${SHUTDOWN_GRACE_MS} ms: cut ${inFlight} request(s) in flight.`,
      ]);
      process.exit(1);
    },
  });
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
