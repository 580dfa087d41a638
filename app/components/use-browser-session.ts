import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import type { SignedInSession } from "~/lib/session";
import { sessionStore } from "~/shell/session-store";
import { startSessionSync } from "~/shell/session-sync";

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
  useEffect(() => startSessionSync(sessionStore, () => void revalidateRef.current()), []);
}
