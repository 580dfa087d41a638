/**
 * `npm run features`: the account features (app/features/registry.ts), each
 * with its files and lines of app code.
 *
 * `npm run features -- --check`: proves each can be removed the way the
 * README says, by deleting its folder and its line in the registry, with
 * those of the features that require it (said on its line). For each
 * feature, in a temporary copy of the project (its node_modules linked, not
 * copied), it does exactly that, rewrites the row types its migrations
 * made (`npm run db:types`) and runs the typecheck and the unit tests.
 * The journeys of other features that need it (tests/fixtures/feature-journeys.ts)
 * go with it. One line per feature; exits non-zero if any fails. Name
 * features after `--check` to check only those.
 *
 * `npm run features -- --check --e2e teams`: then also builds the copy and
 * runs the whole end-to-end suite in it (`E2E_PORT` as set, else 3210).
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
import { FEATURES, requiredBy } from "../app/features/registry.ts";
import { journeysNeedingUnlisted } from "../tests/fixtures/feature-journeys.ts";

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

/** `name` and every feature that requires it, directly or through another. */
function withDependants(name: string): string[] {
  const removed = [name];
  for (let grew = true; grew; ) {
    const next = FEATURES.filter(
      (other) => !removed.includes(other) && requiredBy(other).some((required) => removed.includes(required)),
    );
    removed.push(...next);
    grew = next.length > 0;
  }
  return removed;
}

/**
 * A copy of the project without `names`: their folders deleted, their lines
 * in the registry too, and the journeys of other features that need them.
 */
function copyWithout(names: readonly string[]): { copy: string; journeysRemoved: string[] } {
  const copy = mkdtempSync(join(tmpdir(), `without-${names[0]}-`));
  for (const entry of readdirSync(ROOT)) {
    if (!LEFT_OUT.has(entry)) cpSync(join(ROOT, entry), join(copy, entry), { recursive: true });
  }
  symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  let registry = readFileSync(join(copy, REGISTRY), "utf8");
  for (const name of names) {
    rmSync(join(copy, "app/features", name), { recursive: true });
    const line = new RegExp(`^  ${JSON.stringify(name)}: .*\n`, "m");
    if (!line.test(registry)) throw new Error(`${REGISTRY} has no line for "${name}"`);
    registry = registry.replace(line, "");
  }
  writeFileSync(join(copy, REGISTRY), registry);
  const journeysRemoved = journeysNeedingUnlisted(
    copy,
    FEATURES.filter((name) => !names.includes(name)),
  );
  for (const journey of journeysRemoved) rmSync(join(copy, journey));
  return { copy, journeysRemoved };
}

function run(cwd: string, command: string): { ok: boolean; output: string } {
  const result = spawnSync("sh", ["-c", command], {
    cwd,
    encoding: "utf8",
    env: process.env,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** The steps run in each copy; with the end-to-end suite, its build and its run too. */
function stepsOfCheck(withE2e: boolean): string[] {
  const steps = ["npm run db:types", "npm run typecheck", "npx vitest run"];
  return withE2e ? [...steps, "npm run build:e2e", "npx playwright test"] : steps;
}

function check(names: readonly string[], withE2e: boolean): boolean {
  let allPassed = true;
  for (const name of names) {
    const started = Date.now();
    const removed = withDependants(name);
    const { copy, journeysRemoved } = copyWithout(removed);
    const label =
      removed.length > 1 ? `${name} (with ${removed.slice(1).join(", ")}, which require it)` : name;
    if (journeysRemoved.length > 0) {
      console.log(
        `  ${label}: other features' journeys that need it go with it: ${journeysRemoved.join(", ")}`,
      );
    }
    try {
      const steps = stepsOfCheck(withE2e);
      let failed: { step: string; ok: boolean; output: string } | undefined;
      for (const step of steps) {
        const result = { step, ...run(copy, step) };
        if (!result.ok) {
          failed = result;
          break;
        }
      }
      const seconds = Math.round((Date.now() - started) / 1000);
      if (failed) {
        allPassed = false;
        console.log(`✗ ${label}: without it, \`${failed.step}\` fails (${seconds} s)`);
        console.log(failed.output.split("\n").slice(-80).join("\n"));
      } else {
        const passed = withE2e
          ? "the typecheck, the unit tests and the end-to-end suite pass"
          : "the typecheck and the unit tests pass";
        console.log(`✓ ${label}: without it, ${passed} (${seconds} s)`);
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
  const withE2e = process.argv.includes("--e2e");
  process.exitCode = check(named.length > 0 ? named : FEATURES, withE2e) ? 0 : 1;
} else {
  console.log(`Features in ${relative(process.cwd(), join(ROOT, REGISTRY)) || REGISTRY}:`);
  list();
}
