import { POPUP_FLAG_KEY, POPUP_WINDOW_NAME } from "~/lib/constants";
import { POPUP_CLOSED_POLL_MS, POPUP_HEIGHT, POPUP_WIDTH } from "./constants";

type WindowBox = { screenX: number; screenY: number; outerWidth: number; outerHeight: number };

/**
 * `window.open` features for a 960 × 600 popup centred on the opener's
 * window, on whichever screen that window is.
 */
export function popupFeatures(opener: WindowBox, width = POPUP_WIDTH, height = POPUP_HEIGHT): string {
  const left = Math.round(opener.screenX + (opener.outerWidth - width) / 2);
  const top = Math.round(opener.screenY + (opener.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens the (empty) sign-in popup after setting the local-storage flag that
 * tells the app, back in the popup, to close itself. Returns `null` when the
 * browser blocked the popup, or storage is unavailable (the flag could not be
 * set): the caller then runs the same flow as a full-page redirect.
 */
export function openSignInPopup(): Window | null {
  try {
    localStorage.setItem(POPUP_FLAG_KEY, String(Date.now()));
  } catch {
    return null;
  }
  const popup = window.open("", POPUP_WINDOW_NAME, popupFeatures(window));
  if (!popup) localStorage.removeItem(POPUP_FLAG_KEY);
  return popup;
}

/**
 * In the opener: calls `onDone` when a popup removes the flag. Uses only the
 * `storage` event, never `window.opener` or the popup's window, so it works
 * when a `Cross-Origin-Opener-Policy` separates the two windows.
 *
 * @returns a function that stops listening.
 */
export function onPopupSignIn(onDone: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === POPUP_FLAG_KEY && event.newValue === null) onDone();
  };
  window.addEventListener("storage", listener);
  return () => window.removeEventListener("storage", listener);
}

/**
 * Calls `onClosed` once the popup is closed, by the visitor or by itself.
 * (A Cross-Origin-Opener-Policy may also make it look closed early; the
 * sign-in still completes through `onPopupSignIn`.)
 *
 * @returns a function that stops watching.
 */
export function watchPopupClosed(popup: Window, onClosed: () => void): () => void {
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(timer);
    onClosed();
  }, POPUP_CLOSED_POLL_MS);
  return () => window.clearInterval(timer);
}
