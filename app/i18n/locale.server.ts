import { AsyncLocalStorage } from "node:async_hooks";
import { availableLocales, DEFAULT_LOCALE, isLocale, type Locale, setLocaleSource } from "./runtime";

/** The cookie that keeps a guest's choice of language (a signed-in person's is on their account too). */
export const LOCALE_COOKIE = "lang";

/** What a request (or a mail being written) speaks; the session's reader may change it to the account's choice. */
export type LocaleScope = { locale: Locale };

const scopes = new AsyncLocalStorage<LocaleScope>();

// On the server, messages speak the language of the scope they are called in; outside one (a start-up line), the default.
setLocaleSource(() => scopes.getStore()?.locale ?? DEFAULT_LOCALE);

/** Runs `work` with messages in `locale` (a mail's recipient's, say). */
export function inLocale<T>(locale: Locale, work: () => T): T {
  return scopes.run({ locale }, work);
}

/** Runs a request in its scope, which the session's reader may still change (`preferAccountLocale`). */
export function inLocaleScope<T>(scope: LocaleScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The signed-in person's saved choice wins over the cookie and the browser's languages, for the rest of the request. */
export function preferAccountLocale(saved: unknown): void {
  const scope = scopes.getStore();
  if (scope && isLocale(saved)) scope.locale = saved;
}

/**
 * A guest's language: the cookie's choice, else the first of the browser's
 * languages (`Accept-Language`, by weight) that the product speaks, by its
 * exact tag or its language alone (`de-AT` → `de`), else the default.
 */
export function chooseLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const offered = availableLocales();
  const wanted = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((param) => param.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter(({ tag, q }) => tag && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of wanted) {
    const exact = offered.find((locale) => locale.toLowerCase() === tag);
    if (exact) return exact;
    const language = offered.find((locale) => locale === tag.split("-")[0]);
    if (language) return language;
  }
  return DEFAULT_LOCALE;
}
