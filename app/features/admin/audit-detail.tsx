/**
 * An entry's detail as `/admin/audit` shows it. The console writes each
 * detail once, in English, as a record (an end date, how a support sign-in
 * ended): those it writes are said in the reader's language, their moment
 * in the reader's time; English reads each as it was written. Any other
 * detail (the name of an action let through, one a newer version wrote)
 * shows as written.
 */
import type { ReactNode } from "react";
import { LocalTime } from "~/components/local-time";
import { rich } from "~/i18n/rich";
import { DEFAULT_LOCALE, locale } from "~/i18n/runtime";
import * as m from "./messages";

/** The details written without a moment (./suspension.server.ts, ./support-sessions.server.ts). */
const SENTENCES: Record<string, () => string> = {
  "No end date": m.detailNoEndDate,
  "It had no end date": m.detailHadNoEndDate,
  "The hour was up.": m.detailHourUp,
  "Its session ended before the hour was up: signed out.": m.detailEndedEarly,
};

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** `2026-12-24T00:00:00.000Z`, as `toISOString` wrote it. */
function fromIso(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(text)) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** `28 November 2026 at 23:45 UTC`, as the mails' `utcTime` writes it in English. */
function fromUtcWords(text: string): Date | null {
  const match = /^(\d{1,2}) ([A-Z][a-z]+) (\d{4}) at (\d{2}):(\d{2}) UTC$/.exec(text);
  const month = match ? MONTHS.indexOf(match[2] ?? "") : -1;
  if (!match || month < 0) return null;
  const [, day, , year, hours, minutes] = match.map(Number);
  return new Date(Date.UTC(year ?? 0, month, day, hours, minutes));
}

/** The details written with a moment: their words, the message that says them, and how the moment was written. */
const DATED: {
  pattern: RegExp;
  say: (values: { at: string }) => string;
  read: (text: string) => Date | null;
}[] = [
  { pattern: /^Ends (.+)$/, say: m.detailEnds, read: fromIso },
  { pattern: /^It was to end (.+)$/, say: m.detailWasToEnd, read: fromIso },
  { pattern: /^Until (.+)$/, say: m.detailUntil, read: fromUtcWords },
];

export function AuditDetail({ detail }: { detail: string }): ReactNode {
  if (Object.hasOwn(SENTENCES, detail)) return (SENTENCES[detail] as () => string)();
  for (const { pattern, say, read } of DATED) {
    const written = pattern.exec(detail)?.[1];
    const at = written ? read(written) : null;
    if (written && at) {
      return rich(say({ at: written }), {
        // English keeps the moment as written; another language reads it in its own words and time.
        time: (text) => (locale() === DEFAULT_LOCALE ? text : <LocalTime value={at.toISOString()} />),
      });
    }
  }
  return detail;
}
