import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { compileAll, compileCatalogue } from "./compile";
import { pseudoText } from "./pseudo";

/** The catalogue compiled, its message modules as one source (each with its own import line). */
const catalogue = (en: Record<string, string>, de: Record<string, string>) => {
  const { modules, problems } = compileCatalogue({ dir: "app/example/messages", messages: { en, de } });
  return { source: Object.values(modules).join("\n"), problems };
};

/** The compiled module, run: each message a function of its arguments, in the language `locale()` says. */
function load(source: string, locale: string) {
  const body = source
    .replace(/^import .*$/gm, "")
    .replace(/export const (\w+) = \((p: \{[^}]*\}|)\): string =>/g, "exports.$1 = (p) =>")
    .replace(/import\.meta\.env\.PSEUDO_LOCALE/g, "true");
  const exports: Record<string, (p?: object) => string> = {};
  const runtime = {
    locale: () => locale,
    pick: (variants: Record<string, () => string>) => (variants[locale] ?? (variants.en as () => string))(),
    plural: (l: string, n: number, cases: Record<string, string>) =>
      cases[`=${n}`] ?? cases[new Intl.PluralRules(l).select(n)] ?? cases.other,
    select: (value: string, cases: Record<string, string>) => cases[value] ?? cases.other,
    formatNumber: (l: string, n: number) => new Intl.NumberFormat(l).format(n),
    formatDate: () => "",
  };
  new Function("exports", ...Object.keys(runtime), body)(exports, ...Object.values(runtime));
  return exports;
}

test("each message becomes a function that speaks the current language, with its arguments typed", () => {
  const { source, problems } = catalogue(
    {
      invited: "Invite {email} as {role}",
      count: "{n, plural, =0 {No projects} one {# project} other {# projects}}",
    },
    {
      invited: "{email} als {role} einladen",
      count: "{n, plural, =0 {Keine Projekte} one {# Projekt} other {# Projekte}}",
    },
  );
  expect(problems).toEqual([]);
  expect(source).toContain(
    "export const invited = (p: { email: string | number; role: string | number }): string",
  );
  expect(source).toContain("export const count = (p: { n: number }): string");
  const english = load(source, "en");
  const german = load(source, "de");
  expect(english.invited?.({ email: "ada@example.com", role: "admin" })).toBe(
    "Invite ada@example.com as admin",
  );
  expect(german.invited?.({ email: "ada@example.com", role: "Admin" })).toBe(
    "ada@example.com als Admin einladen",
  );
  expect([0, 1, 1200].map((n) => german.count?.({ n }))).toEqual([
    "Keine Projekte",
    "1 Projekt",
    "1.200 Projekte",
  ]);
  expect([0, 1, 2].map((n) => english.count?.({ n }))).toEqual(["No projects", "1 project", "2 projects"]);
});

test("the pseudo-locale accents every letter, lengthens the words, and brackets each message", () => {
  const { source } = catalogue({ title: "Sign in to {app}" }, { title: "Bei {app} anmelden" });
  const pseudo = load(source, "en-XA").title?.({ app: "Acme" });
  expect(pseudo).toBe(`⟦${pseudoText("Sign in to ")}Acme⟧`);
  expect(pseudoText("Sign in to your account")).not.toMatch(/[a-z]/i);
  expect(pseudoText("Sign in").length).toBeGreaterThanOrEqual(Math.round("Sign in".length * 1.25));
  expect(pseudoText("Read the <link>guide</link>")).toContain("<link>");
});

test("a key not in camelCase, a message that does not parse, or an argument English lacks is a problem", () => {
  const { problems } = catalogue(
    { "bad-key": "x", broken: "{n, plural, one {#}", fine: "Hello {name}" },
    { "bad-key": "x", broken: "x", fine: "Hallo {nme}" },
  );
  expect(problems.map((problem) => problem.message)).toEqual([
    '"bad-key" is not a camelCase name',
    expect.stringContaining('"broken"'),
    '"fine" uses {nme}, which English does not',
  ]);
});

test("a message missing in German falls back to English; the compiled file is written only when it changes", async () => {
  const root = mkdtempSync(join(tmpdir(), "i18n-"));
  const dir = join(root, "app/feature/messages");
  await mkdir(dir, { recursive: true });
  writeFileSync(join(dir, "en.json"), JSON.stringify({ only: "Only in English" }));
  writeFileSync(join(dir, "de.json"), JSON.stringify({}));
  expect(compileAll(root)).toEqual([]);
  expect(readFileSync(join(dir, "index.ts"), "utf8")).toContain('export { only } from "./compiled/only";');
  const source = readFileSync(join(dir, "compiled/only.ts"), "utf8");
  expect(load(source, "de").only?.()).toBe("Only in English");
});

test("a message removed from the catalogue loses its module, and another compile's file being written stays", async () => {
  const root = mkdtempSync(join(tmpdir(), "i18n-"));
  const dir = join(root, "app/feature/messages");
  await mkdir(join(dir, "compiled"), { recursive: true });
  writeFileSync(join(dir, "en.json"), JSON.stringify({ kept: "Kept" }));
  writeFileSync(join(dir, "compiled/gone.ts"), "export const gone = () => 'Gone';");
  // `npm run lint` and `npm run typecheck` compile at once (npm test): one's half-written module.
  writeFileSync(join(dir, "compiled/kept.ts.4242.tmp"), "export const kept");
  expect(compileAll(root)).toEqual([]);
  expect(readdirSync(join(dir, "compiled")).sort()).toEqual(["kept.ts", "kept.ts.4242.tmp"]);
});
