import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { ActivityCard } from "./dashboard/activity-card";
import { HomeFeatures } from "./home-features";
import { LocalTime } from "./local-time";
import * as m from "./messages";
import { ProductPreview } from "./product-preview";

/** The server's markup of `element`, rendered in `locale`. */
const renderIn = (locale: "en" | "de", element: ReactElement) =>
  inLocale(locale, () => renderToStaticMarkup(element));

describe("the shared components in German", () => {
  test("the landing page's sections speak the request's language, each render anew", () => {
    // English first: words kept from the module's first evaluation would show here in German.
    expect(renderIn("en", createElement(HomeFeatures))).toContain("What your account gives you");
    const features = renderIn("de", createElement(HomeFeatures));
    expect(features).toContain("Was Ihr Konto Ihnen bietet");
    expect(features).toContain("Passwörter, die halten");
    expect(features).not.toContain("Passwords that hold");

    const preview = renderIn("de", createElement(ProductPreview));
    expect(preview).toContain("Aktive Sitzungen");
    expect(preview).toContain("Chrome unter macOS");
    expect(preview).toContain("Dieses Gerät");
    expect(preview).toContain('aria-label="Eine Vorschau des Dashboards:');
  });

  test("the activity card counts its entries in German", () => {
    const card = renderIn("de", createElement(ActivityCard, { activity: [] }));
    expect(card).toContain("Letzte Aktivität");
    expect(card).toContain("Noch nichts.");
    expect(card).toContain("Die letzten 20 Anmeldungen und Änderungen an Ihrem Konto.");
    expect(renderIn("en", createElement(ActivityCard, { activity: [] }))).toContain(
      "The last 20 sign-ins and changes to your account.",
    );
  });

  test("a moment is written the German way, in UTC on the server", () => {
    const at = "2025-03-04T14:05:00.000Z";
    expect(renderIn("de", createElement(LocalTime, { value: at }))).toContain("04.03.2025, 14:05 UTC");
    expect(renderIn("en", createElement(LocalTime, { value: at }))).toContain("Mar 4, 2025, 2:05 PM UTC");
  });

  test("counts take the language's plural forms", () => {
    inLocale("de", () => {
      expect(m.otherSessions({ count: 1 })).toBe("1 weitere Sitzung");
      expect(m.otherSessions({ count: 3 })).toBe("3 weitere Sitzungen");
      expect(m.signedInRecently({ minutes: 5 })).toBe(
        "Sie haben sich vor weniger als 5 Minuten angemeldet, daher ist kein Passwort nötig.",
      );
    });
    inLocale("en", () => {
      expect(m.otherSessions({ count: 1 })).toBe("1 other session");
      expect(m.otherSessions({ count: 3 })).toBe("3 other sessions");
    });
  });
});
