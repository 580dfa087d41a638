import { expect, test } from "vitest";
import { serverChoices } from "./server-choices";

test("each message's choice becomes a branch on the request's language, English the last", () => {
  // A message's texts are template literals; `$` + `{` keeps this file's strings plain.
  const name = "$" + "{p.name}";
  const source = `export const a = (p) => pick({ "de": () => \`Hallo ${name}\`, en: () => \`Hello ${name}\` });`;
  expect(serverChoices(source)).toBe(
    [
      'import { locale as __i18nLocale } from "~/i18n/runtime";',
      `export const a = (p) => (__i18nLocale() === "de" ? (\`Hallo ${name}\`) : (\`Hello ${name}\`));`,
    ].join("\n"),
  );
});

test("the pseudo-locale's variant is a branch too, and a message written where it is called is chosen the same way", () => {
  const source =
    'const b = __i18nPick({ de: () => "Neu laden", en: () => "Reload", "en-XA": () => "Ŕéļööåð" }) + other({ en: 1 });';
  const out = serverChoices(source);
  expect(out).toContain(
    '(__i18nLocale() === "en-XA" ? ("Ŕéļööåð") : __i18nLocale() === "de" ? ("Neu laden") : ("Reload"))',
  );
  expect(out).toContain("other({ en: 1 })");
});

test("a module without a message's choice is left as it is", () => {
  const source = 'const c = pick({ en: "not a message" }); const d = pick(variants);';
  expect(serverChoices(source)).toBe(source);
});

test("the server's choice speaks the language its request speaks", async () => {
  const { inLocale } = await import("~/i18n/locale.server");
  const { languageSwitch } = await import("~/i18n/messages");
  // Vitest compiles modules as the server build does: this message is a branch, not a pick.
  expect(inLocale("de", () => languageSwitch({ name: "Deutsch" }))).toBe("Sprache: Deutsch");
  expect(inLocale("en", () => languageSwitch({ name: "English" }))).toBe("Language: English");
});
