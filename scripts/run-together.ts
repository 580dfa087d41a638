/**
 * `node scripts/run-together.ts lint typecheck test:unit`: runs those npm
 * scripts at the same time (`npm test` does, before the end-to-end suite).
 * Typecheck is one thread and many unit tests wait more than they compute,
 * so on 2 cores the three take about the time of the longest, not their sum.
 * Each script's output is printed whole when it ends, never interleaved.
 * Fails when any of them fails.
 */
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/run-together.ts <npm script>…");
  process.exit(2);
}

/** Runs `npm run <script>`, its stdout and stderr in one buffer; resolves to its exit code. */
function run(script: string): Promise<number> {
  const started = Date.now();
  const child = spawn("npm", ["run", "--silent", script], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
  });
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
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

const codes = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, index) => codes[index] !== 0);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((script) => `npm run ${script}`).join(", ")}`);
  process.exitCode = 1;
}
