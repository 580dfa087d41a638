/**
 * `node scripts/run-together.ts lint typecheck test:unit test:e2e`: runs
 * those npm scripts at the same time, as `npm test` does, so one run
 * reports every step that fails. (On 2 cores it is no faster than the
 * checks first: the suite alone keeps both cores busy, docs/testing.md.)
 * The last script's output streams as it runs (the longest: the suite's
 * progress); the others' are printed whole when they end, never interleaved
 * within one. Fails when any of them fails, after all have ended.
 */
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/run-together.ts <npm script>… (the last one streams)");
  process.exit(2);
}

/** Runs `npm run <script>`; `live`: its output as it comes, else whole at the end. Resolves to its exit code. */
function run(script: string, live: boolean): Promise<number> {
  const started = Date.now();
  const child = spawn("npm", ["run", "--silent", script], {
    stdio: ["ignore", live ? "inherit" : "pipe", live ? "inherit" : "pipe"],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
  });
  const output: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((done) => {
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? "passed" : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── npm run ${script}: ${outcome} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      done(code ?? 1);
    });
  });
}

const codes = await Promise.all(scripts.map((script, index) => run(script, index === scripts.length - 1)));
const failed = scripts.filter((_, index) => codes[index] !== 0);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((script) => `npm run ${script}`).join(", ")}`);
  process.exitCode = 1;
}
