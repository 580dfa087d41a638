import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { AuditDetail } from "./audit-detail";
import { StatusBadge } from "./console-parts";

/** The server's markup of `element`, rendered in `locale`. */
const renderIn = (locale: "en" | "de", element: ReactElement) =>
  inLocale(locale, () => renderToStaticMarkup(element));

const detail = (locale: "en" | "de", text: string) =>
  renderIn(locale, createElement(AuditDetail, { detail: text }));

describe("the console's parts in German", () => {
  test("the trail's details: English reads each as written, German in its own words and the reader's time", () => {
    const written = [
      "Ends 2026-12-24T00:00:00.000Z",
      "It was to end 2026-12-24T00:00:00.000Z",
      "Until 28 November 2026 at 23:45 UTC",
      "No end date",
      "It had no end date",
      "The hour was up.",
      "Its session ended before the hour was up: signed out.",
      "update-name",
    ];
    expect(written.map((text) => detail("en", text))).toEqual(written);
    expect(written.map((text) => detail("de", text))).toEqual([
      'Endet am <time dateTime="2026-12-24T00:00:00.000Z">24.12.2026, 00:00 UTC</time>',
      'Sollte am <time dateTime="2026-12-24T00:00:00.000Z">24.12.2026, 00:00 UTC</time> enden',
      'Bis <time dateTime="2026-11-28T23:45:00.000Z">28.11.2026, 23:45 UTC</time>',
      "Kein Enddatum",
      "Sie hatte kein Enddatum",
      "Die Stunde war um.",
      "Die Sitzung endete vor Ablauf der Stunde: abgemeldet.",
      // An action let through, by its name: as written.
      "update-name",
    ]);
    // A moment the console did not write stays as it is.
    expect(detail("de", "Until the cows come home")).toBe("Until the cows come home");
  });

  test("an account's status is worded each render", () => {
    expect(renderIn("en", createElement(StatusBadge, { status: "suspended" }))).toContain(">Suspended<");
    expect(renderIn("de", createElement(StatusBadge, { status: "suspended" }))).toContain(">Gesperrt<");
    expect(renderIn("de", createElement(StatusBadge, { status: "administrator" }))).toContain(">Admin<");
  });
});
