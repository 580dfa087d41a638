import type { ServerBuild } from "react-router";
import { DEFAULT_LOCALE } from "../app/i18n/runtime.ts";

/**
 * The browser's scripts come in one copy per language (vite/locale-bundles.ts):
 * the default language's at `/assets/x.js`, another's at `/assets/<locale>/x.js`,
 * each holding only its own language's messages. Stylesheets and other files
 * are shared. A page in a language names that language's scripts.
 */
export function localizedScript(path: string, locale: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path.replace(/^(\/?assets\/)([^/]+\.js)$/, `$1${locale}/$2`);
}

/** Every script path in a value (the browser manifest: entry, routes, imports), for `locale`. */
function localizedPaths<T>(value: T, locale: string): T {
  if (typeof value === "string") return localizedScript(value, locale) as T;
  if (Array.isArray(value)) return value.map((each) => localizedPaths(each, locale)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, each]) => [key, localizedPaths(each, locale)]),
    ) as T;
  }
  return value;
}

/**
 * The server build whose pages name the scripts of the language they are
 * rendered in: the same routes, and a browser manifest read when the page
 * is rendered, after the session's reader has applied a signed-in person's
 * saved language (not when the request arrived, which knows only the
 * cookie and the browser's languages).
 */
export function localizedBuild(
  build: ServerBuild,
  locales: readonly string[],
  currentLocale: () => string,
): ServerBuild {
  const manifests = new Map(locales.map((locale) => [locale, localizedPaths(build.assets, locale)]));
  return {
    ...build,
    get assets() {
      return manifests.get(currentLocale()) ?? build.assets;
    },
  };
}
