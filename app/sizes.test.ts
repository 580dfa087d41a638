import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, test } from "vitest";
import { FEATURES } from "./features/registry";

/**
 * Small pieces (issue 47): a source file that grows past `MAX_SOURCE_LINES`
 * is split along a seam into modules whose names explain them, and the
 * README stays a page a newcomer reads (`MAX_README_LINES`), with the details
 * in `docs/`, every link of it reaching what it names.
 */
const ROOT = join(import.meta.dirname, "..");
const MAX_SOURCE_LINES = 300;
const MAX_README_LINES = 250;
/** The folders of source code held to the limit; tests and migrations may be longer. */
const SOURCE_DIRS = ["app", "server", "db", "scripts", "vite"];

/** A message catalogue's compiled module (`npm run i18n`, gitignored): one function per message, written by no one. */
const COMPILED_CATALOGUE = /\/messages\/index\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) &&
      !/\.(test|e2e)\.tsx?$/.test(entry.name) &&
      !COMPILED_CATALOGUE.test(path)
      ? [path]
      : [];
  });
}

/** Lines as `wc -l` counts them. */
function lineCount(text: string): number {
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replaceAll(" ", "-");
}

function anchorsOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? "")));
}

/** The links of `markdown` (a file at `from`) that reach no file, or no heading of the file they name. */
function brokenLinks(markdown: string, from: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? "");
  return targets.filter((target) => {
    if (/^[a-z]+:/.test(target)) return false;
    const [path = "", anchor] = target.split("#");
    const file = path === "" ? from : normalize(join(dirname(from), path));
    if (!existsSync(join(ROOT, file))) return true;
    if (anchor === undefined) return false;
    return statSync(join(ROOT, file)).isDirectory() || !anchorsOf(read(file)).has(anchor);
  });
}

describe("small pieces", () => {
  const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(dir));

  test(`no source file is over ${MAX_SOURCE_LINES} lines, outside tests and migrations`, () => {
    const offenders = files
      .map((file) => ({ file, lines: lineCount(read(file)) }))
      .filter(({ lines }) => lines > MAX_SOURCE_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines, split it along a seam`);
    expect(offenders).toEqual([]);
  });

  test("it sees the files it judges", () => {
    expect(files).toContain("server/index.ts");
    expect(files).toContain("app/server/mail/outbox.server.ts");
    expect(files.some((file) => file.includes("/migrations/") || /\.test\.tsx?$/.test(file))).toBe(false);
    expect(files.length).toBeGreaterThan(300);
  });

  test(`the README is at most ${MAX_README_LINES} lines`, () => {
    expect(lineCount(read("README.md"))).toBeLessThanOrEqual(MAX_README_LINES);
  });

  test("every link of the README reaches a file, and the heading it names there", () => {
    // A removed feature's README goes with its folder (`npm run features -- --check`): its link may too.
    const ofUnlisted = (link: string) => {
      const feature = /^app\/features\/([^/]+)\//.exec(link)?.[1];
      return feature !== undefined && !FEATURES.includes(feature);
    };
    expect(brokenLinks(read("README.md"), "README.md").filter((link) => !ofUnlisted(link))).toEqual([]);
  });

  test("a link to a missing file or heading is caught", () => {
    const links = "[a](docs/none.md) [b](docs/deploy.md#no-such-heading) [c](#two-commands) [d](docs/)";
    expect(brokenLinks(links, "README.md")).toEqual(["docs/none.md", "docs/deploy.md#no-such-heading"]);
  });
});
