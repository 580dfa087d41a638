import { useEffect } from "react";
import { useMatches } from "react-router";
import {
  colorMode,
  FORCED_SYSTEM_WARNING,
  forcedColorModeOf,
  type ResolvedColorMode,
} from "~/shell/color-mode";

/**
 * The colour mode the current route forces with `handle.colorMode`, for
 * `<html data-color-mode-forced>` (the head script reads it before paint).
 */
export function useForcedColorMode(): ResolvedColorMode | null {
  const forced = forcedColorModeOf(useMatches().map((match) => match.handle));
  return forced === "system" ? null : forced;
}

/** Keeps the browser's colour-mode store on the route's forced mode; refuses `system`. */
export function useApplyForcedColorMode(): void {
  const requested = forcedColorModeOf(useMatches().map((match) => match.handle));
  useEffect(() => {
    if (requested === "system") console.warn(FORCED_SYSTEM_WARNING);
    colorMode.setForced(requested === "system" ? null : requested);
  }, [requested]);
}
