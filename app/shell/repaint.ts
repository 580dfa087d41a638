const REPAINT_MAX_WAIT_MS = 100;

/**
 * Resolves after the browser has had the chance to paint: the next animation
 * frame, then a zero-delay timeout (so the paint itself is done). A hidden tab
 * gets no frames, hence the upper bound. Awaited before each client
 * navigation so the click's feedback shows first (a better INP).
 */
export function waitForRepaint(maxWaitMs: number = REPAINT_MAX_WAIT_MS): Promise<void> {
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
