import { useEffect } from "react";
import { useLocation } from "react-router";
import { AUTH_RESULT_PATH } from "./constants";
import { takePopupFlag } from "./popup-flag";

/**
 * The seed's popup rule, on every page of the app: loaded signed in, in the
 * sign-in popup (the flag is set), the window removes the flag (the opener
 * hears it and carries on) and closes, wherever the provider sent it back
 * to. Signed out, it stays open. `/auth/result` has its own rule: it also
 * explains errors, and must not close while it shows one.
 */
export function useCloseSignInPopup(signedIn: boolean) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!signedIn || pathname === AUTH_RESULT_PATH) return;
    if (takePopupFlag()) window.close();
  }, [signedIn, pathname]);
}
