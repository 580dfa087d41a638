import { useSyncExternalStore } from "react";
import { COLOR_MODE_STORAGE_KEY } from "~/lib/constants";

export type ColorModePreference = "light" | "dark" | "system";
export type ResolvedColorMode = "light" | "dark";

export type ColorModeState = {
  /** What the visitor chose (stored under `nuxt-color-mode`), `system` by default. */
  preference: ColorModePreference;
  /** What the page shows: the forced mode, else the preference resolved against the OS. */
  resolved: ResolvedColorMode;
  /** The mode the current route forces, if any. */
  forced: ResolvedColorMode | null;
};

const PREFERENCES: readonly ColorModePreference[] = ["light", "dark", "system"];
const DARK_QUERY = "(prefers-color-scheme: dark)";

export function isColorModePreference(value: unknown): value is ColorModePreference {
  return PREFERENCES.includes(value as ColorModePreference);
}

/** The server cannot know the visitor's choice: it renders "system" and lets the head script decide. */
const serverState: ColorModeState = { preference: "system", resolved: "light", forced: null };

function readPreference(): ColorModePreference {
  try {
    const stored = localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorModePreference(stored) ? stored : "system";
  } catch {
    return "system"; // Storage can be blocked (privacy settings): behave as a first visit.
  }
}

function systemMode(): ResolvedColorMode {
  return matchMedia(DARK_QUERY).matches ? "dark" : "light";
}

/**
 * The colour mode in the browser: one store that keeps `<html>`'s
 * class and `color-scheme` in step with the preference, the OS setting (live),
 * the route's forced mode, and other tabs. The inline head script
 * (`color-mode-script.ts`) did the same before first paint; this takes over.
 */
function createColorModeStore() {
  let state = serverState;
  let started = false;
  const listeners = new Set<() => void>();

  function update(next: Partial<ColorModeState>) {
    const merged = { ...state, ...next };
    const resolved = merged.forced ?? (merged.preference === "system" ? systemMode() : merged.preference);
    const changed =
      resolved !== state.resolved || merged.preference !== state.preference || merged.forced !== state.forced;
    state = { ...merged, resolved };
    apply();
    if (changed) for (const listener of listeners) listener();
  }

  function apply() {
    const root = document.documentElement;
    root.classList.toggle("dark", state.resolved === "dark");
    root.classList.toggle("light", state.resolved === "light");
    root.style.colorScheme = state.resolved;
    if (state.forced) root.setAttribute("data-color-mode-forced", state.forced);
    else root.removeAttribute("data-color-mode-forced");
  }

  function start() {
    if (started) return;
    started = true;
    const forcedAttr = document.documentElement.getAttribute("data-color-mode-forced");
    update({
      preference: readPreference(),
      forced: forcedAttr === "light" || forcedAttr === "dark" ? forcedAttr : null,
    });
    matchMedia(DARK_QUERY).addEventListener("change", () => update({}));
    window.addEventListener("storage", (event) => {
      if (event.key === COLOR_MODE_STORAGE_KEY || event.key === null)
        update({ preference: readPreference() });
    });
  }

  return {
    get: () => state,
    getServer: () => serverState,
    subscribe(listener: () => void) {
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Stores the visitor's choice; other tabs follow through the `storage` event. */
    setPreference(preference: ColorModePreference) {
      start();
      try {
        localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference);
      } catch {
        // Not stored, but still applied to this page.
      }
      update({ preference });
    },
    /** Applies the current route's forced mode (or none); the stored preference is untouched. */
    setForced(forced: ResolvedColorMode | null) {
      start();
      update({ forced });
    },
  };
}

export const colorMode = createColorModeStore();

export function useColorMode(): ColorModeState {
  return useSyncExternalStore(colorMode.subscribe, colorMode.get, colorMode.getServer);
}
