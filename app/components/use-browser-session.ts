import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { SignedInSession } from "~/lib/session";
import { startAfterHydration } from "~/shell/after-hydration";
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
  useEffect(
    () =>
      startAfterHydration(
        () => import("~/shell/session-sync"),
        ({ startSessionSync }) => startSessionSync(sessionStore, () => void revalidateRef.current()),
      ),
    [],
  );
}
