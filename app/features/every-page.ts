import type { EveryPagePart } from "~/lib/features";
import { listedModules } from "./registry";

const modules = import.meta.glob<EveryPagePart>("./*/every-page.tsx", { eager: true, import: "default" });

/**
 * What the listed features render on every page (a popup that closes
 * itself). Apart from app/features/ui.ts, so that every page loads only this.
 */
export function everyPageParts(): readonly EveryPagePart[] {
  return listedModules(modules, "every-page.tsx");
}
