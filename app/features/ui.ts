import type { FeatureUi } from "~/lib/features";
import { listedModules } from "./registry";

const modules = import.meta.glob<FeatureUi>("./*/feature.tsx", { eager: true, import: "default" });

/**
 * What each listed feature shows in the browser (dashboard sections,
 * activity kinds). A function, not a constant: the features import the
 * core, and the core calls this once everything has loaded.
 */
export function featureUis(): readonly FeatureUi[] {
  return listedModules(modules, "feature.tsx");
}
