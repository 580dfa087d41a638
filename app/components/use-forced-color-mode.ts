import { useEffect } from "react";
import { useMatches } from "react-router";
import { startAfterHydration } from "~/shell/after-hydration";
import type { ResolvedColorMode } from "~/shell/color-mode";
import { FORCED_SYSTEM_WARNING, forcedColorModeOf } from "~/shell/forced-color-mode";

/**
 * The colour mode the current route forces with `handle.colorMode`, for
 * `<html data-color-mode-forced>` (the head script reads it before paint).
 */
export function useForcedColorMode(): ResolvedColorMode | null {
  const forced = forcedColorModeOf(useMatches().map((match) => match.handle));
  return forced === "system" ? null : forced;
}

/**
 * Keeps the browser's colour-mode store on the route's forced mode; refuses
 * `system`. The store (which also follows the OS setting and other tabs)
 * loads in idle time once the page is hydrated: until then the head
 * script's choice stands, and the server already marked a forced mode.
 */
export function useApplyForcedColorMode(): void {
  const requested = forcedColorModeOf(useMatches().map((match) => match.handle));
  useEffect(() => {
    if (requested === "system") console.warn(FORCED_SYSTEM_WARNING);
    return startAfterHydration(
      () => import("~/shell/color-mode"),
      ({ colorMode }) => void colorMode.setForced(requested === "system" ? null : requested),
    );
  }, [requested]);
}
