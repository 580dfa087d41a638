// Apart from ./color-mode.ts: every page renders with this; the store loads in idle time after hydration.
import type { ResolvedColorMode } from "./color-mode";

export const FORCED_SYSTEM_WARNING = "You cannot force the colorMode to system at the page level.";

/**
 * The mode a route forces through `handle.colorMode` (the deepest route
 * wins). Forcing `system` makes no sense for one page and is refused.
 */
export function forcedColorModeOf(handles: readonly unknown[]): ResolvedColorMode | "system" | null {
  const forced = handles
    .map((handle) => (handle as { colorMode?: unknown } | undefined)?.colorMode)
    .findLast((mode) => mode !== undefined);
  return forced === "light" || forced === "dark" || forced === "system" ? forced : null;
}
