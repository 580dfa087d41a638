// Apart from ./sign-in-popup.ts: every page runs this (./every-page.tsx), and only the sign-in page opens popups.
import { POPUP_FLAG_KEY, POPUP_FLAG_MAX_AGE_MS } from "~/lib/constants";

/**
 * In the popup, back on the app and signed in: removes the flag (which
 * tells the opener, through its `storage` event) and reports whether it was
 * there, i.e. whether this window is the sign-in popup and may close. A flag
 * older than a sign-in takes (its popup was closed halfway) is removed and
 * does not count: it must never close a window the visitor opened.
 */
export function takePopupFlag(now = Date.now()): boolean {
  try {
    const setAt = localStorage.getItem(POPUP_FLAG_KEY);
    if (setAt === null) return false;
    localStorage.removeItem(POPUP_FLAG_KEY);
    const age = now - Number(setAt);
    return age >= 0 && age < POPUP_FLAG_MAX_AGE_MS;
  } catch {
    return false;
  }
}
