import type { AccountMenuPart } from "~/lib/features";
import { listedModules } from "./registry";

const modules = import.meta.glob<AccountMenuPart>("./*/account-menu.tsx", { eager: true, import: "default" });

/**
 * What the listed features add to the header's account menu (a team
 * switcher). Read only by the menu's content, which loads on its first
 * use, so no page pays for them before the menu opens.
 */
export function accountMenuParts(): readonly AccountMenuPart[] {
  return listedModules(modules, "account-menu.tsx");
}
