import { existsSync } from "node:fs";
import type { FeatureRoutes } from "~/lib/features";
import { FEATURES } from "./registry";

/**
 * The listed features' pages (each one's `routes.ts`, when it has pages).
 * Read when the route table is (at build time, in Node): plain imports, so
 * every tool that reads app/routes.ts finds the features' route modules too.
 */
const loaded: FeatureRoutes[] = await Promise.all(
  FEATURES.map((name) => new URL(`./${name}/routes.ts`, import.meta.url))
    .filter((file) => existsSync(file))
    .map(
      async (file) => ((await import(/* @vite-ignore */ file.href)) as { default: FeatureRoutes }).default,
    ),
);

/** The features' pages for one layout of the route table (app/routes.ts). */
export function featureRoutes(layout: keyof FeatureRoutes) {
  return loaded.flatMap((routes) => routes[layout] ?? []);
}
