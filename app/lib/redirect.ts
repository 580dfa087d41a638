import { DEFAULT_SIGNED_IN_PATH, REDIRECT_PARAM, SIGN_IN_PATH } from "./constants";

/**
 * Returns `target` when it is a same-origin path, otherwise the dashboard.
 * A safe target starts with exactly one `/`, holds no backslash, no control
 * characters and no scheme, so it can never leave this origin
 * (`//evil.example`, `/\evil.example`, `javascript:…` all fall back).
 *
 * @example safeRedirect("/dashboard?tab=1") // "/dashboard?tab=1"
 * @example safeRedirect("//evil.example")   // "/dashboard"
 */
export function safeRedirect(
  target: string | null | undefined,
  fallback: string = DEFAULT_SIGNED_IN_PATH,
): string {
  if (!target || typeof target !== "string") return fallback;
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  // Browsers treat "\" like "/" and drop tabs/newlines inside URLs, so
  // "/\evil.example" or "/\t/evil.example" would become protocol-relative.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  // Belt and braces: the path must resolve to this origin.
  const base = "http://same-origin.invalid";
  try {
    const url = new URL(target, base);
    const path = url.pathname + url.search + url.hash;
    // "/..//evil.example" normalises to "//evil.example": check the result too.
    if (url.origin !== base || path.startsWith("//")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/**
 * `/login?redirect=/dashboard` for a guest who wanted `/dashboard`. Slashes
 * stay readable; everything else that could end the parameter is escaped.
 */
export function signInPathFor(pathWithSearch: string): string {
  return pathWithRedirect(SIGN_IN_PATH, pathWithSearch);
}

/** `page?redirect=…`: a page that goes on to `pathWithSearch` when it is done. */
export function pathWithRedirect(page: string, pathWithSearch: string): string {
  return `${page}?${REDIRECT_PARAM}=${redirectParamValue(pathWithSearch)}`;
}

function redirectParamValue(pathWithSearch: string): string {
  return encodeURIComponent(pathWithSearch).replaceAll("%2F", "/");
}
