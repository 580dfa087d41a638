import type { ServerFeature } from "~/server/features.server";
import { listedModules } from "./registry";

const modules = import.meta.glob<ServerFeature>("./*/feature.server.ts", { eager: true, import: "default" });

/**
 * What each listed feature runs on the server. A function, not a constant:
 * the features import the core, and the core calls this once it has loaded.
 */
export function serverFeatures(): readonly ServerFeature[] {
  return listedModules(modules, "feature.server.ts");
}
