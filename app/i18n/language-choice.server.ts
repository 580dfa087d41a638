import { serialize } from "hono/utils/cookie";
import { LOCALE_COOKIE } from "./locale.server";
import type { Locale } from "./runtime";

/** A guest's choice is kept this long (a year), and renewed with each choice. */
const LOCALE_COOKIE_SECONDS = 365 * 24 * 60 * 60;

/** The cookie that keeps a browser's choice: only the server reads it (HttpOnly), sent on same-site navigations (Lax). */
export function localeCookie(locale: Locale, https: boolean): string {
  return serialize(LOCALE_COOKIE, locale, {
    path: "/",
    maxAge: LOCALE_COOKIE_SECONDS,
    httpOnly: true,
    sameSite: "Lax",
    secure: https,
  });
}
