import { useState } from "react";
import { useNavigate } from "react-router";
import { sessionStore } from "~/shell/session-store";

/**
 * Signs out through the session API, then reloads the route data so every
 * guard and header sees the change. Returns the action and whether it runs.
 */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  async function signOut() {
    setSigningOut(true);
    try {
      await sessionStore.clear();
      await navigate("/", { replace: true });
    } finally {
      setSigningOut(false);
    }
  }
  return { signOut, signingOut };
}
