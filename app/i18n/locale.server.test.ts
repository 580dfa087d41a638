import { expect, test } from "vitest";
import { chooseLocale, inLocale, preferAccountLocale } from "./locale.server";
import { locale } from "./runtime";

test("a guest's language: the cookie's choice, else the browser's first language offered, else English", () => {
  expect(chooseLocale("de", "en-US,en")).toBe("de");
  expect(chooseLocale(undefined, "de-AT,de;q=0.9,en;q=0.8")).toBe("de");
  expect(chooseLocale(undefined, "fr-FR, en;q=0.4, de;q=0.6")).toBe("de");
  expect(chooseLocale(undefined, "fr-FR, it")).toBe("en");
  expect(chooseLocale(undefined, undefined)).toBe("en");
  // A cookie naming a language not offered, or a weight of zero, counts for nothing.
  expect(chooseLocale("xx", "de;q=0, en")).toBe("en");
  expect(chooseLocale("<script>", "")).toBe("en");
});

test("messages speak the scope's language, and a signed-in person's saved choice wins inside it", () => {
  expect(locale()).toBe("en");
  expect(inLocale("de", () => locale())).toBe("de");
  inLocale("en", () => {
    preferAccountLocale("de");
    expect(locale()).toBe("de");
    preferAccountLocale("not a language");
    expect(locale()).toBe("de");
  });
  expect(locale()).toBe("en");
});
