import type { Locale } from "./runtime";

/**
 * What compiled messages with numbers, dates, plurals and choices call
 * (scripts/i18n/compile.ts), in the language they are given: a module of
 * its own, so that only the pages whose messages format carry it. The
 * pseudo-locale's tag (`en-XA`) formats as English: Intl falls back to the
 * language when it has no data for a region.
 */

/** Intl's formatters and rules, made once per language and options. */
const made = new Map<string, unknown>();

function once<T>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

/** `{n, number}`, `{n, number, percent}`, and `#` in a plural. */
export function formatNumber(locale: Locale, value: number, style?: string): string {
  return once(
    `n ${locale} ${style}`,
    () =>
      new Intl.NumberFormat(
        locale,
        style === "percent" ? { style: "percent" } : style === "integer" ? { maximumFractionDigits: 0 } : {},
      ),
  ).format(value);
}

const DATE_STYLES = new Set(["short", "medium", "long", "full"]);

/** `{at, date, medium}` and `{at, time, short}`. */
export function formatDate(
  locale: Locale,
  value: Date | number,
  kind: "date" | "time",
  style = "medium",
): string {
  const known = (DATE_STYLES.has(style) ? style : undefined) as Intl.DateTimeFormatOptions["dateStyle"];
  return once(
    `d ${locale} ${kind} ${style}`,
    () =>
      new Intl.DateTimeFormat(
        locale,
        kind === "date" ? { dateStyle: known ?? "medium" } : { timeStyle: known ?? "short" },
      ),
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
  return (
    cases[`=${value}`] ??
    cases[once(`p ${locale} ${type}`, () => new Intl.PluralRules(locale, { type })).select(value - offset)] ??
    cases.other ??
    ""
  );
}

/** `{kind, select, a {…} other {…}}`. */
export function select(value: string, cases: Record<string, string>): string {
  return cases[value] ?? cases.other ?? "";
}
