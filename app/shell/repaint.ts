/**
 * The upper bound on the wait in a visible tab. A busy machine may take well
 * over 100 ms to the next frame; the bound only guards against a frame that
 * never comes (a window the system stopped painting).
 */
const REPAINT_MAX_WAIT_MS = 500;

/**
 * Resolves after the browser has had the chance to paint: the next animation
 * frame, then a zero-delay timeout (so the paint itself is done). A hidden tab
 * paints nothing, so it does not wait at all. Awaited before each client
 * navigation so the click's feedback shows first (a better INP).
 */
export function waitForRepaint(maxWaitMs: number = REPAINT_MAX_WAIT_MS): Promise<void> {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((resolve) => {
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(cap);
      resolve();
    };
    const cap = setTimeout(finish, maxWaitMs);
    requestAnimationFrame(() => setTimeout(finish, 0));
  });
}
