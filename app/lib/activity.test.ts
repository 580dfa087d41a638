import { expect, test } from "vitest";
import { inLocale } from "~/i18n/locale.server";
import { locale } from "~/i18n/runtime";
import { type ActivityItem, describeActivity } from "./activity";
import { withDetail } from "./activity-sentence";
import { describeRemovedWaysIn } from "./removed-ways-in";
import { errorPageTitle, formatTitle } from "./title";

const entry = (kind: string, fields: Partial<ActivityItem> = {}): ActivityItem => ({
  id: 1,
  kind,
  method: null,
  browser: null,
  ip: null,
  success: true,
  detail: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  ...fields,
});

test("an activity sentence is worded when it is shown, in its reader's language", () => {
  const failed = entry("sign-in", { success: false, method: "GitHub" });
  expect(describeActivity(failed)).toBe("Failed sign-in with GitHub");
  expect(inLocale("de", () => describeActivity(failed))).toBe("Fehlgeschlagene Anmeldung mit GitHub");
  expect(describeActivity(entry("sign-in"))).toBe("Signed in");
  expect(inLocale("de", () => describeActivity(entry("password-changed")))).toBe("Passwort geändert");
  expect(describeActivity(entry("provider-unlinked"))).toBe("Provider unlinked");
  expect(inLocale("de", () => describeActivity(entry("new-device", { browser: "Firefox on Linux" })))).toBe(
    "Anmeldung von einem neuen Gerät: Firefox on Linux",
  );
});

test("a feature's sentence with its detail takes a message function", () => {
  // As a compiled message does: the words of the language of the moment.
  const renamed = withDetail(() => (locale() === "de" ? "Team umbenannt" : "Team renamed"));
  const item = entry("team-renamed", { detail: "Acme → Apex" });
  expect(renamed(item)).toBe("Team renamed: Acme → Apex");
  expect(inLocale("de", () => renamed(item))).toBe("Team umbenannt: Acme → Apex");
  expect(withDetail("Team created")(entry("team-created"))).toBe("Team created");
});

test("a removed way in and the document title, in German", () => {
  expect(inLocale("de", () => describeRemovedWaysIn({ fromFeatures: [], providers: ["GitHub"] }))).toEqual([
    "Anmeldung mit GitHub",
  ]);
  expect(describeRemovedWaysIn({ fromFeatures: [], providers: ["GitHub"] })).toEqual([
    "Signing in with GitHub",
  ]);
  expect(inLocale("de", () => formatTitle(errorPageTitle(404, "Seite nicht gefunden"), "Acme"))).toBe(
    "404 - Seite nicht gefunden | Acme",
  );
});
