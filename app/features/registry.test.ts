import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { FEATURES, requiredBy, SEAM_FILES } from "./registry";

/** The feature folders: every directory of app/features/. */
const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

test("every feature folder is listed in the registry, and every listed feature has its folder", () => {
  // A folder left out would be skipped without a word: its pages, cards and actions gone.
  expect([...FEATURES].sort()).toEqual(folders);
});

test("a feature requires only listed features, and never itself through a cycle", () => {
  const reaches = (from: string, seen = new Set<string>()): Set<string> => {
    for (const next of requiredBy(from)) {
      if (!seen.has(next)) reaches(next, seen.add(next));
    }
    return seen;
  };
  for (const name of FEATURES) {
    expect(requiredBy(name).filter((required) => !FEATURES.includes(required))).toEqual([]);
    expect(reaches(name).has(name)).toBe(false);
  }
});

describe("the seam files are named in one place (SEAM_FILES)", () => {
  // Each glob module of this folder finds one seam file, by the name the constant holds.
  const globbed = readdirSync(import.meta.dirname)
    .filter((file) => /\.ts$/.test(file) && !file.includes(".test."))
    .flatMap((file) => {
      const source = readFileSync(join(import.meta.dirname, file), "utf8");
      return [...source.matchAll(/import\.meta\.glob<\w+>\("\.\/\*\/([^"]+)"/g)].map((match) => match[1]);
    });

  test("every seam file has its glob, and every glob finds a seam file", () => {
    const routesRead = readFileSync(join(import.meta.dirname, "routes.ts"), "utf8").includes("/routes.ts`");
    expect([...globbed, ...(routesRead ? ["routes.ts"] : [])].sort()).toEqual(Object.keys(SEAM_FILES).sort());
  });

  test("the contract's page (docs/features.md) names each of them", () => {
    const contract = readFileSync(join(import.meta.dirname, "../../docs/features.md"), "utf8");
    for (const file of Object.keys(SEAM_FILES)) expect(contract).toContain(`\`${file}\``);
  });
});
