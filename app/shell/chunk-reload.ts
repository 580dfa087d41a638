import { useSyncExternalStore } from "react";
import { CHUNK_RELOAD_GUARD_MS } from "~/lib/constants";
import { requestDocumentNavigation } from "./document-navigation";
import { isEditingForm } from "./form-activity";

const CHUNK_RELOAD_STORAGE_KEY = "nuxt:reload";

/*
 * Failed chunk loads: after a deployment, code the page has not
 * loaded yet may be gone from the server. The answer is a full page load of
 * where the visitor was going, at most once per 10 s per path; held back,
 * an error screen with a Reload button. Never a loop, never a blank page.
 *
 * Where such failures come from, and what we add:
 *
 * 1. Route modules. React Router 8.4 loads a route's code in
 *    `loadRouteModule` (react-router/dist/…/lib/dom/ssr/routeModules.js).
 *    When the `import()` fails it logs, calls `window.location.reload()` and
 *    returns a promise that never settles: it reloads the CURRENT page, not
 *    the navigation's target, with no guard, and nothing reaches an error
 *    boundary. (Its lazy route discovery has a guard of its own for a
 *    manifest version change, and navigates to the target: we leave that be.)
 *    We catch that reload with the Navigation API's `navigate` event (a
 *    scripted "reload" while a router navigation is pending), cancel it, and
 *    load the navigation's target instead, under our guard; once that load
 *    has started, every further scripted reload (the target's layout and
 *    page both failing) is cancelled too. Browsers without
 *    the Navigation API keep React Router's own reload of the current page.
 * 2. Vite's `vite:preloadError`, for the app's own lazy chunks (`import()`
 *    in our code, e.g. the toaster). We take it (`preventDefault`, so the
 *    import resolves empty instead of throwing) and reload under the guard;
 *    while the visitor is typing in a form we do not reload at all: the
 *    import fails to its caller, and the next link click loads a fresh page.
 */

/** What the guard remembers in session storage under `nuxt:reload`. */
export type ReloadRecord = { path: string; expires: number };

/** The stored record, or `null` for nothing or anything malformed. */
export function parseReloadRecord(raw: string | null): ReloadRecord | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== "object") return null;
    const { path, expires } = value as Partial<ReloadRecord>;
    return typeof path === "string" && typeof expires === "number" ? { path, expires } : null;
  } catch {
    return null;
  }
}

/** True when `path` was already reloaded for a failed chunk less than the guard's time ago. */
export function isReloadHeldBack(record: ReloadRecord | null, path: string, now: number): boolean {
  return record !== null && record.path === path && now < record.expires;
}

/** A chunk that could not be loaded, shown by the app's error page. */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";
  /** Where the visitor was going: path and query. */
  readonly path: string;
  /** The router location the error screen belongs to; navigating away leaves it. */
  readonly locationKey: string | undefined;

  constructor(path: string, locationKey: string | undefined, options?: ErrorOptions) {
    super(`Could not load the code for ${path}`, options);
    this.path = path;
    this.locationKey = locationKey;
  }
}

type RouterLocation = { pathname: string; search: string; key: string };
type RouterView = { state: { location: RouterLocation; navigation: { location?: RouterLocation } } };

declare global {
  interface Window {
    /** Set by React Router's `HydratedRouter` (its HMR and devtools use it too). */
    __reactRouterDataRouter?: RouterView;
  }
}

/** The Navigation API's `navigate` event, as far as we use it (not in TypeScript's DOM types yet). */
type NavigateEvent = Event & {
  navigationType: "push" | "replace" | "reload" | "traverse";
  userInitiated: boolean;
};

let leaving = false;
let failure: ChunkLoadError | null = null;
const listeners = new Set<() => void>();

/**
 * A full page load of `path`, unless the guard holds it back: at most once
 * per `CHUNK_RELOAD_GUARD_MS` per path, remembered in session storage. With
 * `force` (the visitor pressed Reload) it always loads and restarts the guard.
 * Returns whether the page is leaving. Without usable session storage there
 * is no guard, so nothing reloads on its own.
 */
export function reloadAtPath(path: string, { force = false } = {}): boolean {
  const now = Date.now();
  try {
    const record = parseReloadRecord(sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY));
    if (!force && isReloadHeldBack(record, path, now)) return false;
    const next: ReloadRecord = { path, expires: now + CHUNK_RELOAD_GUARD_MS };
    sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify(next));
  } catch {
    if (!force) return false;
  }
  leaving = true;
  window.location.assign(path);
  return true;
}

function reloadOrShowError(path: string, cause: unknown): void {
  if (reloadAtPath(path)) return;
  const locationKey = window.__reactRouterDataRouter?.state.location.key;
  failure = new ChunkLoadError(path, locationKey, { cause });
  for (const listener of listeners) listener();
}

/** The path and query a pending router navigation is heading to, if any. */
function pendingNavigationPath(): string | null {
  const target = window.__reactRouterDataRouter?.state.navigation.location;
  return target ? target.pathname + target.search : null;
}

function onNavigate(event: Event): void {
  const { navigationType, userInitiated, cancelable } = event as NavigateEvent;
  if (navigationType !== "reload" || userInitiated || !cancelable) return;
  // Already on the way to the target: each further route module that fails
  // (a layout and its page, say) makes React Router reload the current page
  // again, which would cancel that load and leave the tab where it was.
  if (leaving) {
    event.preventDefault();
    return;
  }
  const target = pendingNavigationPath();
  if (target === null) return; // Not React Router's route-module reload: leave it alone.
  event.preventDefault();
  reloadOrShowError(target, new Error(`React Router could not load the route module for ${target}`));
}

function onPreloadError(event: VitePreloadErrorEvent): void {
  if (leaving) {
    event.preventDefault();
    return;
  }
  const target = pendingNavigationPath();
  if (target === null && isEditingForm()) {
    requestDocumentNavigation();
    console.debug("A chunk failed to load while a form is being filled in; not reloading.", event.payload);
    return;
  }
  event.preventDefault();
  reloadOrShowError(target ?? window.location.pathname + window.location.search, event.payload);
}

/** Starts handling failed chunk loads; call once, before hydration. */
export function installChunkReload(): void {
  window.addEventListener("vite:preloadError", onPreloadError);
  (window as { navigation?: EventTarget }).navigation?.addEventListener("navigate", onNavigate);
}

/**
 * The chunk failure to show instead of the page at `locationKey`, if the
 * guard held a reload back there. Any later navigation leaves it behind.
 */
export function useChunkLoadFailure(locationKey: string): ChunkLoadError | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => failure,
    () => null,
  );
  return current?.locationKey === locationKey ? current : null;
}
