import { type Locale, PSEUDO_LOCALE } from "./runtime";

/**
 * What compiled messages with numbers, dates, plurals and choices call
 * (scripts/i18n/compile.ts), in the language they are given: a module of
 * its own, so that only the pages whose messages format carry it.
 */

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** Intl's language for a locale: the pseudo-locale formats as English. */
const intlLocale = (locale: Locale) => (locale === PSEUDO_LOCALE ? "en" : locale);

/** `{n, number}`, `{n, number, percent}`, and `#` in a plural. */
export function formatNumber(locale: Locale, value: number, style?: string): string {
  const options: Intl.NumberFormatOptions =
    style === "percent" ? { style: "percent" } : style === "integer" ? { maximumFractionDigits: 0 } : {};
  return cached(
    numberFormats,
    `${locale} ${style}`,
    () => new Intl.NumberFormat(intlLocale(locale), options),
  ).format(value);
}

const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions["dateStyle"]> = {
  short: "short",
  medium: "medium",
  long: "long",
  full: "full",
};

/** `{at, date, medium}` and `{at, time, short}`. */
export function formatDate(
  locale: Locale,
  value: Date | number,
  kind: "date" | "time",
  style = "medium",
): string {
  const options: Intl.DateTimeFormatOptions =
    kind === "date"
      ? { dateStyle: DATE_STYLES[style] ?? "medium" }
      : { timeStyle: DATE_STYLES[style] ?? "short" };
  return cached(
    dateFormats,
    `${locale} ${kind} ${style}`,
    () => new Intl.DateTimeFormat(intlLocale(locale), options),
  ).format(value);
}

/** `{n, plural, =0 {…} one {…} other {…}}`: the exact case first, then the language's category. */
export function plural(
  locale: Locale,
  value: number,
  cases: Record<string, string>,
  offset = 0,
  type: Intl.PluralRuleType = "cardinal",
): string {
  const exact = cases[`=${value}`];
  if (exact !== undefined) return exact;
  const rules = cached(
    pluralRules,
    `${locale} ${type}`,
    () => new Intl.PluralRules(intlLocale(locale), { type }),
  );
  return cases[rules.select(value - offset)] ?? cases.other ?? "";
}

/** `{kind, select, a {…} other {…}}`. */
export function select(value: string, cases: Record<string, string>): string {
  return cases[value] ?? cases.other ?? "";
}
