/** The checking code, fetched with the first check (an hour in, or the tab shown again): never on first load. */
const loadBuildCheck = () => import("./build-check");

/**
 * Watches for a new deployment: asks `latest.json` every
 * `intervalMs` and whenever the tab becomes visible again, and announces a
 * build id other than `ownId`. Returns a function that stops watching.
 */
export function startBuildWatcher({ ownId, intervalMs }: { ownId: string; intervalMs: number }): () => void {
  let check: Promise<() => Promise<void>> | undefined;
  const run = () => {
    check ??= loadBuildCheck().then(({ createAppBuildCheck }) => createAppBuildCheck(ownId, stop));
    check.then(
      (next) => next(),
      () => {
        check = undefined; // Offline: the next check loads it again.
      },
    );
  };
  const onVisibilityChange = () => {
    if (document.visibilityState === "visible") run();
  };
  const timer = setInterval(run, intervalMs);
  document.addEventListener("visibilitychange", onVisibilityChange);
  function stop() {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisibilityChange);
  }
  return stop;
}
