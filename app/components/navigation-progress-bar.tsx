import { useLayoutEffect, useRef, useState } from "react";
import * as m from "./messages";

/** The progress bar shows only for navigations slower than this… */
const PROGRESS_SHOW_DELAY_MS = 150;

/** …and then stays at least this long, so it never flickers. */
const PROGRESS_MIN_VISIBLE_MS = 400;

/**
 * A slim bar at the top of the page for navigations that take a while
 * (`since`: when the navigation started, `Date.now()`). Fast
 * ones never show it; once shown it stays a moment, so it never flickers.
 * Without motion preferences it slides; with reduced motion it just shows.
 */
export function NavigationProgressBar({ busy, since }: { busy: boolean; since: number }) {
  const [visible, setVisible] = useState(false);
  const shownAt = useRef(0);

  // A layout effect: the delay starts in the same commit that marks the page busy, not a task later.
  useLayoutEffect(() => {
    if (busy && !visible) {
      const show = () => {
        shownAt.current = Date.now();
        setVisible(true);
      };
      const wait = PROGRESS_SHOW_DELAY_MS - (Date.now() - since);
      // Its code came after the delay was over (a slow network): at once.
      if (wait <= 0) return show();
      const timer = setTimeout(show, wait);
      return () => clearTimeout(timer);
    }
    if (!busy && visible) {
      const remaining = Math.max(0, PROGRESS_MIN_VISIBLE_MS - (Date.now() - shownAt.current));
      const timer = setTimeout(() => setVisible(false), remaining);
      return () => clearTimeout(timer);
    }
  }, [busy, visible, since]);

  if (!visible) return null;
  // A landmark of its own (a named region): outside every other one, the bar must not be
  // content that assistive technology cannot reach by landmarks.
  return (
    <section aria-label={m.pageLoading()} className="fixed inset-x-0 top-0 z-50 h-0.5">
      <div role="progressbar" aria-label={m.loadingPage()} className="h-full overflow-hidden bg-primary/20">
        <div className="h-full w-1/3 animate-[progress-slide_1.1s_ease-in-out_infinite] bg-primary motion-reduce:w-full motion-reduce:animate-none" />
      </div>
    </section>
  );
}
