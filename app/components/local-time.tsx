import { useEffect, useState } from "react";
import { locale } from "~/i18n/runtime";

type Style = "date" | "datetime";

const options: Record<Style, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: "medium" },
  datetime: { dateStyle: "medium", timeStyle: "short" },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** Formatters are costly to build (a dashboard render made dozens): one per language, style and zone. */
function formatter(style: Style, zone: string | undefined): Intl.DateTimeFormat {
  const language = locale();
  const key = `${language} ${style} ${zone ?? ""}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options[style], timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

/** How many moments' texts are kept: a page shows the same few (sessions, activity) on every load. */
const KEPT_TEXTS = 1000;
const texts = new Map<string, string>();

/** A moment's text, kept on the server: formatting one costs more than the rest of its element's render. */
function textOf(date: Date, style: Style, zone: string | undefined): string {
  const key = `${locale()} ${style} ${zone ?? ""} ${date.getTime()}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = formatter(style, zone).format(date);
    if (texts.size >= KEPT_TEXTS) texts.delete(texts.keys().next().value as string);
    texts.set(key, text);
  }
  return text;
}

/**
 * A moment in the reader's own time zone. The server does not know that
 * zone, so it renders UTC (saying so) and the browser rewrites the text
 * after hydration; both render the same first, so hydration never differs.
 */
export function LocalTime({ value, style = "datetime" }: { value: string; style?: Style }) {
  const [zone, setZone] = useState<string | undefined>("UTC");
  useEffect(() => setZone(undefined), []);
  const date = new Date(value);
  const text = import.meta.env.SSR ? textOf(date, style, zone) : formatter(style, zone).format(date);
  return (
    <time dateTime={date.toISOString()}>
      {text}
      {zone && style === "datetime" ? " UTC" : null}
    </time>
  );
}
