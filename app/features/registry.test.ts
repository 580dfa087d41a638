import { readdirSync } from "node:fs";
import { expect, test } from "vitest";
import { FEATURES } from "./registry";

/** The feature folders: every directory of app/features/. */
const folders = readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

test("every feature folder is listed in the registry, and every listed feature has its folder", () => {
  // A folder left out would be skipped without a word: its pages, cards and actions gone.
  expect([...FEATURES].sort()).toEqual(folders);
});
