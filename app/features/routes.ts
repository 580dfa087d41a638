import type { FeatureRoutes } from "~/lib/features";
import { listedModules } from "./registry";

const modules = import.meta.glob<FeatureRoutes>("./*/routes.ts", { eager: true, import: "default" });

/** The features' pages for one layout of the route table (app/routes.ts). */
export function featureRoutes(layout: keyof FeatureRoutes) {
  return listedModules(modules, "routes.ts").flatMap((routes) => routes[layout] ?? []);
}
