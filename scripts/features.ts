/**
 * `npm run features`: the account features (app/features/registry.ts), each
 * with its files and lines of app code.
 *
 * `npm run features -- --check`: proves each can be removed the way the
 * README says, by deleting its folder and its line in the registry. For each
 * feature, in a temporary copy of the project (its node_modules linked, not
 * copied), it does exactly that, rewrites the row types its migrations
 * made (`npm run db:types`) and runs the typecheck and the unit tests.
 * One line per feature; exits non-zero if any fails. Name features after
 * `--check` to check only those.
 */
import { spawnSync } from "node:child_process";
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { FEATURES } from "../app/features/registry.ts";

const ROOT = join(import.meta.dirname, "..");
const REGISTRY = "app/features/registry.ts";
/** Not copied: installed, built or written by runs. */
const LEFT_OUT = new Set([
  "node_modules",
  "build",
  ".git",
  ".react-router",
  "test-results",
  "playwright-report",
  "data",
]);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : [path];
  });
}

/** Lines of app code (tests and docs left out). */
function appLines(files: string[]): number {
  return files
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.(test|e2e)\.tsx?$/.test(file))
    .reduce((sum, file) => sum + readFileSync(file, "utf8").split("\n").length - 1, 0);
}

function list() {
  for (const name of FEATURES) {
    const files = filesUnder(join(ROOT, "app/features", name));
    console.log(
      `${name.padEnd(20)} ${String(files.length).padStart(3)} files  ${String(appLines(files)).padStart(5)} lines of app code`,
    );
  }
}

/** A copy of the project without `name`: its folder deleted, its line in the registry too. */
function copyWithout(name: string): string {
  const copy = mkdtempSync(join(tmpdir(), `without-${name}-`));
  for (const entry of readdirSync(ROOT)) {
    if (!LEFT_OUT.has(entry)) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  rmSync(join(copy, "app/features", name), { recursive: true });
  const registry = readFileSync(join(copy, REGISTRY), "utf8");
  const line = `  ${JSON.stringify(name)},\n`;
  if (!registry.includes(line)) throw new Error(`${REGISTRY} has no line ${line.trim()}`);
  writeFileSync(join(copy, REGISTRY), registry.replace(line, ""));
  return copy;
}

function run(cwd: string, command: string): { ok: boolean; output: string } {
  const result = spawnSync("sh", ["-c", command], { cwd, encoding: "utf8", env: process.env });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

function check(names: readonly string[]): boolean {
  let allPassed = true;
  for (const name of names) {
    const started = Date.now();
    const copy = copyWithout(name);
    try {
      const steps = ["npm run db:types", "npm run typecheck", "npx vitest run"];
      const failed = steps.map((step) => ({ step, ...run(copy, step) })).find((step) => !step.ok);
      const seconds = Math.round((Date.now() - started) / 1000);
      if (failed) {
        allPassed = false;
        console.log(`✗ ${name}: without it, \`${failed.step}\` fails (${seconds} s)`);
        console.log(failed.output.split("\n").slice(-40).join("\n"));
      } else {
        console.log(`✓ ${name}: without it, the typecheck and the unit tests pass (${seconds} s)`);
      }
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }
  return allPassed;
}

if (process.argv.includes("--check")) {
  if (!statSync(join(ROOT, "node_modules")).isDirectory()) throw new Error("run npm ci first");
  // `-- --check two-factor passkeys`: only those.
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  const unknown = named.filter((name) => !FEATURES.includes(name));
  if (unknown.length > 0) throw new Error(`not in ${REGISTRY}: ${unknown.join(", ")}`);
  process.exitCode = check(named.length > 0 ? named : FEATURES) ? 0 : 1;
} else {
  console.log(`Features in ${relative(process.cwd(), join(ROOT, REGISTRY)) || REGISTRY}:`);
  list();
}
