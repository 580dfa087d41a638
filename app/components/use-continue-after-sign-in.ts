import { useCallback } from "react";
import { useNavigate } from "react-router";
import { safeRedirect } from "~/lib/redirect";
import { sessionStore } from "~/shell/session-store";

/**
 * After a sign-in that happened outside a page navigation (the popup, a
 * passkey): asks the server for the session and, when it holds someone,
 * goes on to the safe redirect target. Resolves to whether it went on.
 */
export function useContinueAfterSignIn(redirectTo: string | null): () => Promise<boolean> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const state = await sessionStore.fetch();
    if (!state.loggedIn) return false;
    await navigate(safeRedirect(redirectTo), { replace: true });
    return true;
  }, [navigate, redirectTo]);
}
