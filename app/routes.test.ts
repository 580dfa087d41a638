import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";

/**
 * Holds "Adding a page" (README) to what the route table says: a page's
 * module is in `app/routes.ts`, and a page that reads the signed-in person
 * (`requireUser`) sits inside `auth-layout`, whose middleware sends guests
 * to sign in first.
 */
const APP = join(import.meta.dirname);
let entries: { file: string; ancestors: string[] }[] = [];

function flatten(routes: RouteConfigEntry[], ancestors: string[] = []): typeof entries {
  return routes.flatMap((entry) => [
    { file: entry.file, ancestors },
    ...flatten(entry.children ?? [], [...ancestors, entry.file]),
  ]);
}

const NOT_PAGES = new Set(["+types", "messages"]);

function routeModules(dir = "routes"): string[] {
  return readdirSync(join(APP, dir), { withFileTypes: true }).flatMap((item) => {
    // Not pages: React Router's generated types, and the message catalogue (messages/index.ts, compiled).
    if (item.isDirectory()) return NOT_PAGES.has(item.name) ? [] : routeModules(`${dir}/${item.name}`);
    return /\.tsx?$/.test(item.name) && !item.name.includes(".test.") ? [`${dir}/${item.name}`] : [];
  });
}

beforeAll(async () => {
  vi.stubEnv("E2E_TEST_ROUTES", "1"); // The table with the end-to-end suite's pages too.
  const { default: routes } = await import("./routes");
  entries = flatten(routes);
});

afterAll(() => vi.unstubAllEnvs());

describe("the route table", () => {
  test("lists every module in app/routes/", () => {
    const listed = new Set(entries.map((entry) => entry.file));
    expect(routeModules().filter((file) => !listed.has(file))).toEqual([]);
  });

  test("puts every page that needs a signed-in person inside auth-layout", () => {
    const readsUser = entries.filter((entry) =>
      readFileSync(join(APP, entry.file), "utf8").includes("requireUser("),
    );
    expect(readsUser.map((entry) => entry.file)).toContain("routes/dashboard.tsx");
    for (const entry of readsUser) expect(entry.ancestors, entry.file).toContain("routes/auth-layout.tsx");
  });
});
