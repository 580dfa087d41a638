import { expect, test } from "vitest";
import { importEachMessage } from "./i18n";

test("each message a module calls is imported from its own module", () => {
  const source = [
    'import * as m from "~/features/teams/messages";',
    'import * as core from "../messages";',
    "export const a = () => m.invite({ team }) + m.invite({ team: 2 }) + core.reload() + item.m.other;",
  ].join("\n");
  expect(importEachMessage(source)).toBe(
    [
      'import { invite as m$invite } from "~/features/teams/messages/compiled/invite";',
      'import { reload as core$reload } from "../messages/compiled/reload";',
      "export const a = () => m$invite({ team }) + m$invite({ team: 2 }) + core$reload() + item.m.other;",
    ].join("\n"),
  );
});

test("a module without a catalogue is left as it is", () => {
  const source = 'import * as z from "zod";\nexport const rule = z.string();';
  expect(importEachMessage(source)).toBe(source);
});

test("a message without arguments is written where it is called, as its choice of texts", () => {
  const source =
    'import * as m from "./messages";\nexport const label = () => m.reload() + m.hello({ name });';
  const inline = { reload: "(pick({ de: () => `Neu laden`, en: () => `Reload` }))" };
  expect(
    importEachMessage(source, (specifier) => ({ inline: specifier === "./messages" ? inline : {} })),
  ).toBe(
    [
      'import { pick as __i18nPick } from "~/i18n/runtime";',
      'import { hello as m$hello } from "./messages/compiled/hello";',
      "export const label = () => (__i18nPick({ de: () => `Neu laden`, en: () => `Reload` })) + m$hello({ name });",
    ].join("\n"),
  );
});

test("a name in a comment that the catalogue does not have is left alone", () => {
  const source =
    'import * as m from "./messages";\n/** Call it as m.someKey(). */\nexport const a = () => m.real();';
  expect(importEachMessage(source, () => ({ inline: {}, keys: new Set(["real"]) }))).toBe(
    'import { real as m$real } from "./messages/compiled/real";\n/** Call it as m.someKey(). */\nexport const a = () => m$real();',
  );
});

test("a message of plain text with arguments that are names is written where it is called, each name in its text", () => {
  const source = [
    'import * as m from "./messages";',
    "export const a = () => [m.hello({ name: user.name }), m.hello({ name }), m.hello({ name: f(x) }), m.count({ n })];",
  ].join("\n");
  const inline = { hello: "(pick({ de: () => `Hallo ${p.name}`, en: () => `Hello ${p.name}` }))" };
  expect(importEachMessage(source, () => ({ inline }))).toBe(
    [
      'import { pick as __i18nPick } from "~/i18n/runtime";',
      'import { hello as m$hello } from "./messages/compiled/hello";',
      'import { count as m$count } from "./messages/compiled/count";',
      "export const a = () => [(__i18nPick({ de: () => `Hallo ${user.name}`, en: () => `Hello ${user.name}` })), " +
        "(__i18nPick({ de: () => `Hallo ${name}`, en: () => `Hello ${name}` })), m$hello({ name: f(x) }), m$count({ n })];",
    ].join("\n"),
  );
});

test("a call that leaves out an argument the text uses keeps the message's module", () => {
  const source = 'import * as m from "./messages";\nexport const a = () => m.hello({ other });';
  const inline = { hello: "(pick({ en: () => `Hello ${p.name}` }))" };
  expect(importEachMessage(source, () => ({ inline }))).toBe(
    'import { hello as m$hello } from "./messages/compiled/hello";\nexport const a = () => m$hello({ other });',
  );
});
