/**
 * Compiles the message catalogues: every `messages/<locale>.json` (flat
 * `{ "key": "ICU message" }`) beside its languages becomes `messages/index.ts`,
 * one typed function per message. A page's bundle then holds only the
 * messages it calls, each already compiled: no parser, no catalogue at run time.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse, type Token } from "@messageformat/parser";
import { DEFAULT_LOCALE, LOCALES, PSEUDO_LOCALE } from "../../app/i18n/runtime.ts";
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoText } from "./pseudo.ts";

export const CATALOGUE_DIR = "messages";
export const COMPILED_FILE = "index.ts";
/** One module per message, beside the barrel: a bundle takes only the messages its pages call, each into the chunk of the code that calls it. */
export const COMPILED_DIR = "compiled";
const KEY = /^[a-z][A-Za-z0-9]*$/;

export type Catalogue = {
  /** The folder holding the `<locale>.json` files. */
  dir: string;
  /** Each language's messages, as written. */
  messages: Record<string, Record<string, string>>;
};

/** Every catalogue folder under the roots, in a stable order. */
export function findCatalogues(roots: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (name === CATALOGUE_DIR) found.push(path);
      else walk(path);
    }
  };
  for (const root of roots) walk(root);
  return found;
}

export function readCatalogue(dir: string): Catalogue {
  const messages: Catalogue["messages"] = {};
  for (const locale of LOCALES) {
    let text: string;
    try {
      text = readFileSync(join(dir, `${locale}.json`), "utf8");
    } catch {
      messages[locale] = {};
      continue;
    }
    messages[locale] = JSON.parse(text) as Record<string, string>;
  }
  return { dir, messages };
}

type ArgType = "number" | "date" | "text";

/** The arguments a message takes, and what each must be. */
export function argumentsOf(tokens: Token[], into = new Map<string, ArgType>()): Map<string, ArgType> {
  for (const token of tokens) {
    if (token.type === "argument") {
      if (!into.has(token.arg)) into.set(token.arg, "text");
    } else if (token.type === "function") {
      into.set(token.arg, token.key === "date" || token.key === "time" ? "date" : "number");
    } else if (token.type === "plural" || token.type === "selectordinal") {
      into.set(token.arg, "number");
      for (const each of token.cases) argumentsOf(each.tokens, into);
    } else if (token.type === "select") {
      if (!into.has(token.arg)) into.set(token.arg, "text");
      for (const each of token.cases) argumentsOf(each.tokens, into);
    }
  }
  return into;
}

const TS_TYPES: Record<ArgType, string> = {
  number: "number",
  date: "Date | number",
  text: "string | number",
};

const literal = (text: string) => text.replace(/[\\`]/g, (c) => `\\${c}`).replace(/\$\{/g, "\\${");

/** A message's tokens as the body of a template literal. */
function emit(tokens: Token[], pseudo: boolean, plural?: { arg: string; offset: number }): string {
  return tokens
    .map((token) => {
      switch (token.type) {
        case "content":
          return literal(pseudo ? pseudoText(token.value) : token.value);
        case "argument":
          return `\${p.${token.arg}}`;
        case "function": {
          const style = token.param
            ?.map((part) => (part.type === "content" ? part.value : ""))
            .join("")
            .trim();
          return token.key === "date" || token.key === "time"
            ? `\${formatDate(l, p.${token.arg}, "${token.key}"${style ? `, ${JSON.stringify(style)}` : ""})}`
            : `\${formatNumber(l, p.${token.arg}${style ? `, ${JSON.stringify(style)}` : ""})}`;
        }
        case "octothorpe":
          return plural
            ? `\${formatNumber(l, p.${plural.arg}${plural.offset ? ` - ${plural.offset}` : ""})}`
            : "#";
        case "plural":
        case "selectordinal": {
          const offset = token.pluralOffset ?? 0;
          const cases = token.cases
            .map(
              (each) =>
                `${JSON.stringify(each.key)}: \`${emit(each.tokens, pseudo, { arg: token.arg, offset })}\``,
            )
            .join(", ");
          const type =
            token.type === "selectordinal" ? `, ${offset}, "ordinal"` : offset ? `, ${offset}` : "";
          return `\${plural(l, p.${token.arg}, { ${cases} }${type})}`;
        }
        case "select": {
          const cases = token.cases
            .map((each) => `${JSON.stringify(each.key)}: \`${emit(each.tokens, pseudo, plural)}\``)
            .join(", ");
          return `\${select(String(p.${token.arg}), { ${cases} })}`;
        }
        default:
          return "";
      }
    })
    .join("");
}

/** A message module's imports: `pick` (and `locale` where Intl formats), and the formatters its text calls. */
function importsOf(code: string, usesLocale: boolean): string[] {
  const formatters = ["formatDate", "formatNumber", "plural", "select"].filter((name) =>
    code.includes(`${name}(`),
  );
  return [
    `import { ${usesLocale ? "locale, pick" : "pick"} } from "~/i18n/runtime";`,
    ...(formatters.length ? [`import { ${formatters.join(", ")} } from "~/i18n/format";`] : []),
  ];
}

export type CompileProblem = { file: string; message: string };

/** The compiled module's source, and what is wrong with the catalogue (a key or an argument). */
export function compileCatalogue(catalogue: Catalogue): {
  /** `messages/index.ts`: re-exports each message's module. */
  barrel: string;
  /** `messages/compiled/<key>.ts`: each message's module. */
  modules: Record<string, string>;
  /**
   * A message of plain text as one expression (`pick(…)`), for the bundler to
   * write where it is called; its arguments, if any, as `${p.name}`.
   */
  inline: Record<string, string>;
  problems: CompileProblem[];
} {
  const problems: CompileProblem[] = [];
  const base = catalogue.messages[DEFAULT_LOCALE] ?? {};
  const parsed = (locale: string, key: string): Token[] | undefined => {
    const text = catalogue.messages[locale]?.[key];
    if (text === undefined) return undefined;
    if (typeof text !== "string") {
      problems.push({ file: join(catalogue.dir, `${locale}.json`), message: `"${key}" is not a string` });
      return undefined;
    }
    try {
      return parse(text, { strict: false });
    } catch (error) {
      problems.push({
        file: join(catalogue.dir, `${locale}.json`),
        message: `"${key}": ${(error as Error).message}`,
      });
      return undefined;
    }
  };
  const origin = `// Compiled by scripts/i18n from ${LOCALES.map((locale) => `${locale}.json`).join(", ")}: edit those, not this.`;
  const barrel = [origin];
  const modules: Record<string, string> = {};
  const inline: Record<string, string> = {};
  for (const key of Object.keys(base)) {
    if (!KEY.test(key)) {
      problems.push({
        file: join(catalogue.dir, `${DEFAULT_LOCALE}.json`),
        message: `"${key}" is not a camelCase name`,
      });
      continue;
    }
    const english = parsed(DEFAULT_LOCALE, key);
    if (!english) continue;
    const args = argumentsOf(english);
    const variants: string[] = [];
    for (const locale of LOCALES) {
      if (locale === DEFAULT_LOCALE) continue;
      const tokens = parsed(locale, key);
      if (!tokens) continue;
      for (const [arg] of argumentsOf(tokens)) {
        if (!args.has(arg)) {
          problems.push({
            file: join(catalogue.dir, `${locale}.json`),
            message: `"${key}" uses {${arg}}, which English does not`,
          });
        }
      }
      variants.push(`${JSON.stringify(locale)}: () => \`${emit(tokens, false)}\``);
    }
    variants.push(`${DEFAULT_LOCALE}: () => \`${emit(english, false)}\``);
    const pseudo = `${JSON.stringify(PSEUDO_LOCALE)}: () => \`${PSEUDO_OPEN}${emit(english, true)}${PSEUDO_CLOSE}\``;
    const params = args.size
      ? `p: { ${[...args].map(([name, type]) => `${name}: ${TS_TYPES[type]}`).join("; ")} }`
      : "";
    const english_ = base[key] as string;
    // `l`, the language, only where Intl formats in it (a plural, a number, a date).
    const usesLocale = [...variants, pseudo].some((variant) => /\((?:l),/.test(variant));
    modules[key] = [
      origin,
      ...importsOf([...variants, pseudo].join(" "), usesLocale),
      "",
      `/** ${english_.replace(/\*\//g, "*\\/").replace(/\n/g, " ")} */`,
      `export const ${key} = (${params}): string => {`,
      ...(usesLocale ? ["  const l = locale();"] : []),
      "  return import.meta.env.PSEUDO_LOCALE",
      `    ? pick({ ${[...variants, pseudo].join(", ")} })`,
      `    : pick({ ${variants.join(", ")} });`,
      "};",
      "",
    ].join("\n");
    barrel.push(`export { ${key} } from "./${COMPILED_DIR}/${key}";`);
    // Plain text with its arguments in it (no plural, number or date): the bundler may write it where it is called.
    const plain = !usesLocale && !importsOf([...variants, pseudo].join(" "), false)[1];
    if (plain) {
      inline[key] =
        `(import.meta.env.PSEUDO_LOCALE ? pick({ ${[...variants, pseudo].join(", ")} }) : pick({ ${variants.join(", ")} }))`;
    }
  }
  return { barrel: `${barrel.join("\n")}\n`, modules, inline, problems };
}

/** Writes a file only when its content changes, and whole (several tools may compile at once). */
function writeIfChanged(path: string, source: string): boolean {
  try {
    if (readFileSync(path, "utf8") === source) return false;
  } catch {}
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, source);
  renameSync(temporary, path);
  return true;
}

/** Each catalogue folder's messages of plain text, as expressions (`compileCatalogue`'s `inline`), from the last `compileAll`. */
export const inlineMessages = new Map<string, Record<string, string>>();
/** Each catalogue folder's keys, from the last `compileAll`. */
export const catalogueKeys = new Map<string, ReadonlySet<string>>();

/** Compiles every catalogue under the roots; returns the problems found on the way. */
export function compileAll(root: string, roots = ["app"]): CompileProblem[] {
  const problems: CompileProblem[] = [];
  for (const dir of findCatalogues(roots.map((each) => join(root, each)))) {
    const compiled = compileCatalogue(readCatalogue(dir));
    const compiledDir = join(dir, COMPILED_DIR);
    mkdirSync(compiledDir, { recursive: true });
    for (const [key, source] of Object.entries(compiled.modules))
      writeIfChanged(join(compiledDir, `${key}.ts`), source);
    // A message removed from the catalogue: its module goes too. Only modules: another
    // compile running at once (lint beside typecheck) has its `.tmp` files here.
    for (const name of readdirSync(compiledDir, { withFileTypes: true })) {
      const key = name.name.replace(/\.ts$/, "");
      if (name.isFile() && key !== name.name && !Object.hasOwn(compiled.modules, key)) {
        rmSync(join(compiledDir, name.name), { force: true });
      }
    }
    writeIfChanged(join(dir, COMPILED_FILE), compiled.barrel);
    inlineMessages.set(dir, compiled.inline);
    catalogueKeys.set(dir, new Set(Object.keys(compiled.modules)));
    problems.push(
      ...compiled.problems.map((problem) => ({ ...problem, file: relative(root, problem.file) })),
    );
  }
  return problems;
}
