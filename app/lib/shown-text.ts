import { z } from "zod";
import { tooLongMessage, type Wording, worded } from "./fields";
import * as m from "./messages";

/**
 * The rule for text one person types and another receives, in a mail or on
 * a page (a team's name, say): it must read as a name, never as a link, an
 * address or a number to call, and show the same to every reader. Checked
 * after NFKC, so look-alikes fold to the characters they imitate
 * (`www․evil․com` becomes `www.evil.com`, fullwidth `＠` becomes `@`).
 * Plain zod, so the browser may use it too.
 */

/** Letters, digits, spaces and light punctuation: nothing else reaches another person. */
const ALLOWED = /^[\p{L}\p{M}\p{Nd} &'’\-–,.()!?#+:]*$/u;

/**
 * Control, format (bidi overrides, zero-width joiners), private-use,
 * unassigned characters and line or paragraph separators: each can make
 * the text read differently from what it holds.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * A dot, or a character that passes for one, between two letters or
 * digits: a host name (`paypal.com.evil.example`). Most look-alikes fold
 * to `.` under NFKC (U+2024, U+FE52, U+FF0E); the rest are listed (U+00B7,
 * U+0387, U+2027, U+2219, U+22C5, U+3002, U+30FB, U+FF61, U+FF65).
 */
const DOT_BETWEEN_LETTERS =
  /[\p{L}\p{M}\p{Nd}][.\u00b7\u0387\u06d4\u2027\u2219\u22c5\u2e33\u3002\u30fb\uff61\uff65]+[\p{L}\p{Nd}]/u;

/** Six digits or more, with only spaces, dashes, dots or brackets between: a phone number. */
const PHONE_NUMBER = /\p{Nd}(?:[\s\-–.()]*\p{Nd}){5,}/u;

/** Each rule, with the message the form shows (worded when it is read). */
const RULES: { breaks: (text: string) => boolean; message: () => string }[] = [
  { breaks: (text) => INVISIBLE.test(text), message: m.shownTextInvisible },
  { breaks: (text) => text.includes("@"), message: m.shownTextAt },
  { breaks: (text) => DOT_BETWEEN_LETTERS.test(text), message: m.shownTextDots },
  { breaks: (text) => PHONE_NUMBER.test(text), message: m.shownTextPhone },
  { breaks: (text) => !ALLOWED.test(text), message: m.shownTextCharacters },
];

/** `text` as the rule reads and keeps it: NFKC, trimmed, runs of spaces made one. */
export const normalizeShownText = (text: string) =>
  text
    .normalize("NFKC")
    .replace(/[ \t]+/g, " ")
    .trim();

/** Why `text` (normalized) may not reach another person; null when it may. */
export function shownTextProblem(text: string): string | null {
  return RULES.find((rule) => rule.breaks(text))?.message() ?? null;
}

/**
 * A name one person gives and others read: normalized, 1 to `max`
 * characters, and the rules above, each with the message the form shows.
 * `missing` is what an empty one reads: a message function (`m.nameYourTeam`),
 * worded at parse time.
 */
export function shownText(max: number, missing: Wording) {
  const empty = { error: () => worded(missing) };
  return z
    .string(empty)
    .transform(normalizeShownText)
    .pipe(
      z
        .string()
        .min(1, empty)
        .max(max, { error: () => tooLongMessage(max) }),
    )
    .superRefine((text, context) => {
      const problem = shownTextProblem(text);
      if (problem) context.addIssue({ code: "custom", message: problem });
    });
}

/** `text` when it passes the rule as stored (a name kept before the rule, say); null otherwise. */
export const shownOrNull = (text: string | null | undefined): string | null =>
  text && shownTextProblem(text) === null && text === normalizeShownText(text) ? text : null;
