import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { SignedInSession } from "~/lib/session";
import { afterHydration } from "~/shell/after-hydration";
import { sessionStore } from "~/shell/session-store";

/**
 * Keeps the browser's session store in step with the session the server
 * rendered with, and makes this tab follow sign-ins and sign-outs in other
 * tabs: their news reloads the route data, so the guards send it on.
 */
export function useBrowserSession(session: SignedInSession | null): void {
  useEffect(() => sessionStore.seed(session ?? {}), [session]);
  const { revalidate } = useRevalidator();
  const revalidateRef = useRef(revalidate);
  revalidateRef.current = revalidate;
  // Following the other tabs starts in idle time once the page is hydrated: its code is not part of the first load.
  useEffect(() => {
    let active = true;
    let stop = () => {};
    void afterHydration()
      .then(() => import("~/shell/session-sync"))
      .then((sync?: typeof import("~/shell/session-sync")) => {
        // Empty when its chunk failed after a deployment: the chunk-reload handler took that error.
        if (active && sync) stop = sync.startSessionSync(sessionStore, () => void revalidateRef.current());
      });
    return () => {
      active = false;
      stop();
    };
  }, []);
}
