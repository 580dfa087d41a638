import type { SessionState, SessionStore } from "./session-store";

const CHANNEL = "app:session";

type Identity = string | null;

const identityOf = (state: SessionState): Identity => state.user?.id ?? null;

/**
 * Tells the app's other tabs when this one signs in or out, and lets this
 * tab follow theirs. A message carries who is now signed in; a tab
 * that already shows that person ignores it, so the news never echoes back.
 * Through a BroadcastChannel (every browser since 2022); a browser without
 * one simply keeps each tab to itself.
 *
 * @returns a function that stops listening.
 */
export function startSessionSync(store: SessionStore, onOtherTabChange: () => void): () => void {
  if (typeof BroadcastChannel !== "function") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  let shared: Identity | undefined = store.get().ready ? identityOf(store.get()) : undefined;

  const unsubscribe = store.subscribe(() => {
    const state = store.get();
    if (!state.ready) return;
    const identity = identityOf(state);
    if (shared === undefined) shared = identity;
    if (identity === shared) return;
    shared = identity;
    channel.postMessage({ identity });
  });
  channel.addEventListener("message", (event: MessageEvent<{ identity?: unknown }>) => {
    const identity = event.data?.identity;
    if (typeof identity !== "string" && identity !== null) return;
    shared = identity;
    if (identity !== identityOf(store.get())) onOtherTabChange();
  });

  return () => {
    unsubscribe();
    channel.close();
  };
}
