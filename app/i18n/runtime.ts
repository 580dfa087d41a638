/**
 * The languages and what the compiled catalogues call at run time (the
 * modules scripts/i18n compiles from each `messages/*.json` import it).
 * Which language a message speaks is `locale()`: on the server the request's
 * or the mail recipient's (locale.server.ts), in the browser the page's
 * `<html lang>`, which the server set; a page never changes language without
 * a reload, so the browser reads it once.
 */

/** The product's languages, the first the default. Each has a `messages/<locale>.json` beside every other. */
export const LOCALES = ["en", "de"] as const;

/** Accented and some 40 % longer (scripts/i18n/pseudo.ts): only builds for the end-to-end suite have it. */
export const PSEUDO_LOCALE = "en-XA";

export type Locale = (typeof LOCALES)[number] | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: Locale = "en";

/** Each language in its own words, for the language switch: never translated. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", de: "Deutsch", "en-XA": "Ƥšéûðö" };

/** The languages this build offers: the pseudo-locale only in a build for the end-to-end suite. */
export function availableLocales(): readonly Locale[] {
  return import.meta.env.PSEUDO_LOCALE ? [...LOCALES, PSEUDO_LOCALE] : LOCALES;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (availableLocales() as readonly string[]).includes(value);
}

/** Languages written right to left. None yet: adding Arabic or Hebrew is a catalogue and a line here. */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(["ar", "he", "fa", "ur"]);

/** The page's writing direction in a language; the pseudo-locale's right-to-left run sets it itself. */
export function directionOf(locale: string): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(locale.split("-")[0] ?? locale) ? "rtl" : "ltr";
}

let source: () => Locale = () => {
  const lang = typeof document === "undefined" ? undefined : document.documentElement.lang;
  const found = isLocale(lang) ? lang : DEFAULT_LOCALE;
  source = () => found;
  return found;
};

/** The language messages speak now. */
export function locale(): Locale {
  return source();
}

/** The server's request-scoped source (locale.server.ts); tests may set a fixed one. */
export function setLocaleSource(next: () => Locale): void {
  source = next;
}

/**
 * A message in the current language, else in English: each compiled message
 * is one call of this (`pick({ de: () => …, en: () => … })`). The browser's
 * bundles are made once per language (vite/locale-bundles.ts), each call
 * replaced by its own language's text: a page ships only its language.
 */
export function pick(variants: Partial<Record<Locale, () => string>> & { en: () => string }): string {
  return (variants[locale()] ?? variants.en)();
}
