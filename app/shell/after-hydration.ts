/** The mark a trace (and `scripts/first-load-js.ts`) finds the end of hydration by. */
export const HYDRATED_MARK = "app:hydrated";

/** How long idle time may keep deferred work waiting on a page that is never idle. */
const IDLE_MAX_WAIT_MS = 2_000;

let hydrated = false;
let release: () => void = () => {};
const idleAfterHydration = new Promise<void>((resolve) => {
  release = resolve;
});

/**
 * Called by the root route's first effect: the page is hydrated. Work that
 * waits in `afterHydration()` starts in the browser's next idle period.
 */
export function markHydrated(): void {
  if (hydrated) return;
  hydrated = true;
  performance.mark(HYDRATED_MARK);
  if (typeof requestIdleCallback === "function") {
    requestIdleCallback(() => release(), { timeout: IDLE_MAX_WAIT_MS });
  } else {
    setTimeout(release, 1); // Safari has no idle callbacks.
  }
}

/**
 * Resolves in idle time once the page is hydrated (at once on the server,
 * and after that first time): for code the first screen does not need,
 * fetched after the first load instead of during it.
 *
 * @example clientLazy(() => afterHydration().then(() => import("./cards")).then((m) => m.Cards))
 */
export function afterHydration(): Promise<void> {
  return import.meta.env.SSR ? Promise.resolve() : idleAfterHydration;
}

/** True once the page is hydrated: what renders from then on is rendered by the browser. */
export function isHydrated(): boolean {
  return hydrated;
}

/**
 * For an effect: loads a module in idle time once the page is hydrated and
 * runs `start` with it. Returns the effect's cleanup, which also runs what
 * `start` returned. A module that resolves empty (its chunk failed after a
 * deployment: the chunk-reload handler took that error) starts nothing.
 */
export function startAfterHydration<M>(
  load: () => Promise<M | undefined>,
  start: (module: M) => (() => void) | undefined,
): () => void {
  let active = true;
  let stop: (() => void) | undefined;
  void afterHydration()
    .then(load)
    .then((module) => {
      if (active && module) stop = start(module);
    });
  return () => {
    active = false;
    stop?.();
  };
}
