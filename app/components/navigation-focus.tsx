import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import * as m from "./messages";

/** The id of the page's `<main>`: the skip link's target. */
export const MAIN_ID = "main";

/** The first stop of the keyboard on every page: straight past the header to the page itself. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only z-50 rounded-md bg-background px-4 py-2 font-medium text-sm shadow-md focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
    >
      {m.skipToContent()}
    </a>
  );
}

/**
 * After a client navigation to another page, the keyboard and screen
 * readers follow it, as after a full page load: the focus moves to the new
 * page's heading (read out), and a polite live region says the new title.
 * A post that stays on its page (a refused form, a revalidation) moves
 * nothing: the form handles its own focus.
 */
export function NavigationFocus() {
  const { pathname, search } = useLocation();
  const shown = useRef(pathname + search);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (shown.current === pathname + search) return;
    shown.current = pathname + search;
    const main = document.getElementById(MAIN_ID);
    const heading = main?.querySelector<HTMLElement>("h1");
    if (heading && !heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    (heading ?? main)?.focus({ preventScroll: true });
    setAnnouncement(document.title);
  }, [pathname, search]);
  return (
    <div aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
