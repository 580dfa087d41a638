import type { SessionState, SessionStore } from "./session-store";

const CHANNEL = "app:session";
const STORAGE_KEY = "app:session-changed";

type Identity = string | null;

const identityOf = (state: SessionState): Identity => state.user?.id ?? null;

/**
 * Tells the app's other tabs when this one signs in or out, and lets this
 * tab follow theirs (SPEC §3). A message carries who is now signed in; a tab
 * that already shows that person ignores it, so the news never echoes back.
 * BroadcastChannel where available, the `storage` event otherwise.
 *
 * @returns a function that stops listening.
 */
export function startSessionSync(store: SessionStore, onOtherTabChange: () => void): () => void {
  let shared: Identity | undefined;

  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  const publish = (identity: Identity) => {
    if (channel) channel.postMessage({ identity });
    else localStorage.setItem(STORAGE_KEY, JSON.stringify({ identity, at: Date.now() }));
  };
  const receive = (identity: Identity) => {
    shared = identity;
    if (identity !== identityOf(store.get())) onOtherTabChange();
  };

  const unsubscribe = store.subscribe(() => {
    const state = store.get();
    if (!state.ready) return;
    const identity = identityOf(state);
    if (shared === undefined) shared = identity;
    if (identity === shared) return;
    shared = identity;
    publish(identity);
  });
  if (store.get().ready) shared = identityOf(store.get());

  const onMessage = (event: MessageEvent<{ identity?: unknown }>) => {
    const identity = event.data?.identity;
    if (typeof identity === "string" || identity === null) receive(identity);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    try {
      const { identity } = JSON.parse(event.newValue) as { identity?: unknown };
      if (typeof identity === "string" || identity === null) receive(identity);
    } catch {
      // Another script's junk under our key: nothing to follow.
    }
  };
  channel?.addEventListener("message", onMessage);
  if (!channel) window.addEventListener("storage", onStorage);

  return () => {
    unsubscribe();
    channel?.removeEventListener("message", onMessage);
    channel?.close();
    window.removeEventListener("storage", onStorage);
  };
}
