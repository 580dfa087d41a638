import { SESSION_API_PATH } from "~/lib/constants";
import { isSignedIn, type PublicSession, type SessionUser } from "~/lib/session";

export type SessionState = {
  /** False until the first fetch has ended (even a failed one), or the server's answer was seeded. */
  ready: boolean;
  /** True exactly when the session holds a user. */
  loggedIn: boolean;
  user: SessionUser | null;
  session: PublicSession;
};

const signedOut = (ready: boolean): SessionState => ({
  ready,
  loggedIn: false,
  user: null,
  session: {},
});

type Listener = () => void;

/**
 * The browser's one session store. Pages render with the session
 * the server already knew (`seed`); `fetch()` asks again, `clear()` signs out.
 * Any failure to fetch counts as signed out, silently: the server is the
 * judge, and a broken answer must never show someone as signed in.
 */
export function createSessionStore(fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  let state = signedOut(false);
  const listeners = new Set<Listener>();

  function set(session: PublicSession) {
    const next: SessionState = isSignedIn(session)
      ? { ready: true, loggedIn: true, user: session.user, session }
      : signedOut(true);
    if (JSON.stringify(next) === JSON.stringify(state)) return;
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    get: (): SessionState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Takes the session the server rendered the page with. */
    seed: set,
    /** Asks the server for the session once: no retries, failures mean signed out. */
    async fetch(): Promise<SessionState> {
      try {
        const response = await fetchImpl(SESSION_API_PATH, {
          headers: { Accept: "application/json" },
          credentials: "same-origin",
          cache: "no-store",
        });
        if (!response.ok) throw new Error(`session fetch answered ${response.status}`);
        const body: unknown = await response.json();
        set(body && typeof body === "object" ? (body as PublicSession) : {});
      } catch {
        set({});
      }
      return state;
    },
    /** Signs out on the server and empties the store, even when the request fails. */
    async clear(): Promise<void> {
      try {
        await fetchImpl(SESSION_API_PATH, {
          method: "DELETE",
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
      } catch {
        // The visitor asked to leave: the local state goes regardless.
      } finally {
        set({});
      }
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The app's one store. Only the browser writes to it; server renders read loader data. */
export const sessionStore = createSessionStore();
