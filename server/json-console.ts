/**
 * The production server's log lines: one JSON object each, on stdout. Part
 * of the Node entry (`server/index.ts`), so it imports only Node.
 */
import { format } from "node:util";

const LEVELS = ["debug", "info", "warn", "error", "silent"];

/** One JSON line on stdout, the shape of the app's own log records (`server/request-log.ts`). */
export function writeJsonLine(level: string, args: unknown[]) {
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
export function logConsoleAsJson() {
  const minimum = LEVELS.indexOf(process.env.LOG_LEVEL ?? "info");
  const writer = (level: string) =>
    LEVELS.indexOf(level) < minimum ? () => {} : (...args: unknown[]) => writeJsonLine(level, args);
  console.debug = writer("debug");
  console.log = console.info = writer("info");
  console.warn = writer("warn");
  console.error = writer("error");
}
