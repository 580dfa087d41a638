/**
 * The Node entry: starts the HTTP server and stops it gracefully.
 * Production (`npm start`) serves the built app from `build/`; `--dev`
 * (`npm run dev`) serves the sources through Vite with hot reload.
 * `npm run dev` runs this file as TypeScript; the build writes it as
 * `build/server/main.js` for `npm run serve` (vite/node-entry.ts). Either
 * way it runs as plain Node, so it imports only Node, npm packages and the
 * build, never `~/` sources.
 */
import { createServer, type RequestListener } from "node:http";
import { format } from "node:util";
import { getRequestListener } from "@hono/node-server";

type ServerApp = {
  app: { fetch: (request: Request) => Response | Promise<Response> };
  env: { PORT: number; HOST: string; APP_URL: string };
  close: () => Promise<void>;
};
type ServerModule = { createServerApp: () => Promise<ServerApp> };

const SHUTDOWN_GRACE_MS = 10_000;
const isDev = process.argv.includes("--dev");
const LEVELS = ["debug", "info", "warn", "error", "silent"];

/** One JSON line on stdout, the shape of the app's own log records (`server/request-log.ts`). */
function writeJsonLine(level: string, args: unknown[]) {
  process.stdout.write(
    `${JSON.stringify({ time: new Date().toISOString(), level, msg: format(...args) })}\n`,
  );
}

/**
 * In production every line the process writes is one JSON object: what
 * libraries print on the console (React Router's warnings, say) too, its
 * text escaped, so a request can never forge a line of its own. `LOG_LEVEL`
 * drops the quieter ones. `npm run dev` keeps Vite's console as it is.
 */
function logConsoleAsJson() {
  const minimum = LEVELS.indexOf(process.env.LOG_LEVEL ?? "info");
  const writer = (level: string) =>
    LEVELS.indexOf(level) < minimum ? () => {} : (...args: unknown[]) => writeJsonLine(level, args);
  console.debug = writer("debug");
  console.log = console.info = writer("info");
  console.warn = writer("warn");
  console.error = writer("error");
}
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
    listener: ((req, res) => vite.middlewares(req, res, () => handle(req, res))) as RequestListener,
    close: async () => {
      await vite.close();
      await app.close();
    },
  };
}

async function createProductionListener() {
  // @ts-expect-error: the build exists only after `npm run build`.
  const app = await start(() => import("../build/server/index.js"));
  return { env: app.env, listener: getRequestListener(app.app.fetch), close: app.close };
}

const { env, listener, close } = isDev ? await createDevListener() : await createProductionListener();
// A client that trickles its headers or body (slowloris) is cut off, not waited for.
const server = createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, listener);
server.listen(env.PORT, env.HOST, () => {
  announce(`Listening on http://${env.HOST}:${env.PORT} (public URL ${env.APP_URL})`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  announce(`${signal}: finishing in-flight requests, then stopping.`);
  // Stop accepting; idle keep-alive connections close now, busy ones when done.
  server.close(async () => {
    await close();
    announce("Stopped.");
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
