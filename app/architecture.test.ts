import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, test } from "vitest";
import { FEATURES, requiredBy } from "./features/registry";

/**
 * The import graph keeps the layout honest (README, "Where things are"):
 * - the core never imports a feature (only the registry's files in
 *   app/features/ reach them, by glob), and a feature imports the core and,
 *   of another feature, only the `api.ts` / `api.server.ts` of one it
 *   declares it requires (app/features/registry.ts): removing one is
 *   deleting its folder and its line, and those of the features requiring it;
 * - the server's folders form layers, and none imports a folder above it.
 */
const ROOT = join(import.meta.dirname, "..");

/** Server folders, lowest first: a folder imports only from its own layer or those below. */
const SERVER_LAYERS = [
  // Connections, configuration, the metrics every layer counts into, and the door to traces every layer records spans through.
  // And the words for a browser, which notice mails, sessions and the activity log all say.
  [
    "app/server/db",
    "app/server/env.server.ts",
    "app/server/metrics.server.ts",
    "app/server/tracing",
    "app/server/user-agent.server.ts",
  ],
  // Limits, the answers every action shares, and mail's transport, templates and outbox.
  ["app/server/limits", "app/server/action-kit.server.ts", "app/server/mail"],
  // better-auth's setup and the rules it runs at every door, and the sessions it keeps: peers.
  ["app/server/auth", "app/server/session"],
  // What pages use: the dashboard's data and actions, the render.
  ["app/server/dashboard", "app/server/render"],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "+types" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|e2e)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Where each import of `file` points, as a path from the project's root
 * (packages left out). `typesToo: false` leaves out `import type`: a type
 * names a shape, it loads nothing.
 */
function importsOf(file: string, typesToo = true): string[] {
  const source = readFileSync(join(ROOT, file), "utf8");
  const statements = /(import|export)\s+(type\s+)?[^"]*?from\s+"([^"]+)"|import\s*\(\s*"([^"]+)"\s*\)/g;
  const specifiers = [...source.matchAll(statements)]
    .filter((match) => typesToo || !match[2])
    .map((match) => match[3] ?? match[4] ?? "");
  return specifiers.flatMap((specifier) => {
    if (specifier.startsWith("~/")) return [`app/${specifier.slice(2)}`];
    if (specifier.startsWith(".")) return [normalize(relative(ROOT, join(ROOT, dirname(file), specifier)))];
    return [];
  });
}

const files = ["app", "server", "db"].flatMap((dir) => sourceFiles(dir));
const edges = files.flatMap((from) => importsOf(from).map((to) => ({ from, to })));
const valueEdges = files.flatMap((from) => importsOf(from, false).map((to) => ({ from, to })));

/** The feature a path belongs to (`app/features/<name>/…`), or null for the core and the registry. */
function featureOf(path: string): string | null {
  return /^app\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/** What a feature may import of another: the modules it exports to the features that require it. */
const FEATURE_API = /^app\/features\/[^/]+\/api(\.server)?(\.tsx?)?$/;

/** The imports of features that leave their folder along no declared edge (`requires`), or into no `api` module. */
function undeclaredImports(imports: readonly { from: string; to: string }[]) {
  return imports.filter(({ from, to }) => {
    const feature = featureOf(from);
    if (feature === null) return false;
    const target = featureOf(to);
    if (target === null) return to.startsWith("app/features/"); // the registry's files
    if (target === feature) return false;
    return !requiredBy(feature).includes(target) || !FEATURE_API.test(to);
  });
}

function layerOf(path: string): number {
  return SERVER_LAYERS.findIndex((layer) =>
    layer.some((place) => path === place || path.startsWith(`${place}/`)),
  );
}

describe("the import graph", () => {
  test("the core never imports a feature", () => {
    const wrong = edges.filter(({ from, to }) => featureOf(from) === null && featureOf(to) !== null);
    expect(wrong).toEqual([]);
  });

  test("a feature imports of another only the api of one it requires, and never the registry", () => {
    expect(undeclaredImports(edges)).toEqual([]);
  });

  test("an import along an undeclared edge, or past the api, is caught", () => {
    const required = FEATURES.find((name) => requiredBy(name).length > 0);
    const [dependant, dependency] = required ? [required, requiredBy(required)[0]] : ["a", "b"];
    const unrelated = FEATURES.find((name) => name !== dependant && !requiredBy(dependant).includes(name));
    const wrong = [
      { from: `app/features/${dependant}/x.ts`, to: `app/features/${unrelated}/api.server` },
      { from: `app/features/${dependency}/x.ts`, to: `app/features/${dependant}/api.server` },
      { from: `app/features/${dependant}/x.ts`, to: `app/features/${dependency}/teams.server` },
      { from: `app/features/${dependant}/x.ts`, to: "app/features/registry" },
    ];
    expect(undeclaredImports(wrong)).toEqual(wrong);
    if (required) {
      const declared = {
        from: `app/features/${dependant}/x.ts`,
        to: `app/features/${dependency}/api.server`,
      };
      expect(undeclaredImports([declared])).toEqual([]);
    }
  });

  // Types may be named across layers: the signed-in session's type comes from better-auth's setup.
  test("no server folder loads one of a layer above it", () => {
    const upward = valueEdges.filter(({ from, to }) => {
      const [source, target] = [layerOf(from), layerOf(to)];
      return source !== -1 && target !== -1 && target > source;
    });
    expect(upward.map(({ from, to }) => `${from} -> ${to}`)).toEqual([]);
  });

  test("it sees the imports it judges", () => {
    expect(edges).toContainEqual({ from: "app/routes.ts", to: "app/features/routes" });
    expect(edges.length).toBeGreaterThan(500);
  });
});
