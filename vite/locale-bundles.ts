import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse, parseExpression } from "@babel/parser";
import type { Plugin } from "vite";
import { DEFAULT_LOCALE, LOCALES, PSEUDO_LOCALE } from "../app/i18n/runtime.ts";
import { precompress } from "../server/compression.ts";
import { localizedScript } from "../server/locale-assets.ts";

export type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

const KNOWN = new Set<string>([...LOCALES, PSEUDO_LOCALE]);

/** A compiled message's variants by language, from its `{ de: () => …, en: () => … }`. */
export function variantsOf(argument: Node): Map<string, Node> | undefined {
  if (argument.type !== "ObjectExpression") return undefined;
  const variants = new Map<string, Node>();
  for (const property of argument.properties as Node[]) {
    const key = property.key as Node | undefined;
    const name =
      key?.type === "Identifier" ? key.name : key?.type === "StringLiteral" ? key.value : undefined;
    const value = property.value as Node | undefined;
    if (property.type !== "ObjectProperty" || typeof name !== "string" || !KNOWN.has(name)) return undefined;
    if (value?.type !== "ArrowFunctionExpression" || (value.params as unknown[]).length) return undefined;
    if ((value.body as Node).type === "BlockStatement") return undefined;
    variants.set(name, value.body as Node);
  }
  return variants.has(DEFAULT_LOCALE) ? variants : undefined;
}

/**
 * What a `pick(…)` (app/i18n/runtime.ts) chooses from: one message's
 * variants, or, where the minifier merged `a ? pick(x) : pick(y)` into
 * `pick(a ? x : y)`, a condition between two such choices.
 */
type Choice = Map<string, Node> | { test: Node; yes: Choice; no: Choice };

function choiceOf(argument: Node): Choice | undefined {
  if (argument.type === "ConditionalExpression") {
    const yes = choiceOf(argument.consequent as Node);
    const no = choiceOf(argument.alternate as Node);
    return yes && no ? { test: argument.test as Node, yes, no } : undefined;
  }
  return variantsOf(argument);
}

/** A compiled message's call, `pick({ de: () => …, en: () => … })`: what it chooses from. */
function messageChoice(node: Node): Choice | undefined {
  if (node.type !== "CallExpression") return undefined;
  const [argument, ...rest] = node.arguments as Node[];
  return argument && !rest.length ? choiceOf(argument) : undefined;
}

/**
 * `code` with each compiled message's choice replaced by its text in
 * `locale` (English where a message has none): the bundle a page in that
 * language loads carries no other language's words, and no choosing.
 */
export function specialize(code: string, locale: string, offset = 0, tree?: Node): string {
  const root = tree ?? (parse(code, { sourceType: "module" }).program as unknown as Node);
  /** A part of `code`, itself specialized. */
  const part = (node: Node) => {
    const inner = code.slice(node.start - offset, node.end - offset);
    return specialize(inner, locale, 0, parseExpression(inner) as unknown as Node);
  };
  const textOf = (choice: Choice): string => {
    if (!(choice instanceof Map)) return `(${part(choice.test)}?${textOf(choice.yes)}:${textOf(choice.no)})`;
    const chosen = (choice.get(locale) ?? choice.get(DEFAULT_LOCALE)) as Node;
    // A text alone stands anywhere the call stood; anything else keeps its parentheses.
    const alone = chosen.type === "TemplateLiteral" || chosen.type === "StringLiteral";
    return alone ? part(chosen) : `(${part(chosen)})`;
  };
  return replaceOutermost(code, root, (node) => {
    const choice = messageChoice(node);
    return choice && { start: node.start - offset, end: node.end - offset, text: textOf(choice) };
  });
}

/**
 * `code` with each outermost node of `root` that `replace` answers for
 * replaced by its answer's text (the nodes inside one are not visited).
 */
export function replaceOutermost(
  code: string,
  root: Node,
  replace: (node: Node) => { start: number; end: number; text: string } | undefined,
): string {
  const replacements: { start: number; end: number; text: string }[] = [];
  const walk = (node: Node) => {
    const replacement = replace(node);
    if (replacement) {
      replacements.push(replacement);
      return;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === "loc" || key === "extra" || key === "leadingComments" || key === "trailingComments")
        continue;
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) walk(child);
    }
  };
  walk(root);
  let out = code;
  for (const { start, end, text } of replacements.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, start) + text + out.slice(end);
  }
  return out;
}

/** The paths of scripts named in a script (imports to preload, the route manifest), for `locale`'s copy. */
export function localizedScriptPaths(code: string, locale: string): string {
  return code.replace(/(["'`])(\/?assets\/[^/"'`]+\.js)\1/g, (_, quote: string, path: string) => {
    return `${quote}${localizedScript(path, locale)}${quote}`;
  });
}

/** Writes a file, and its precompressed copies where the server sends those (vite/precompress.ts's rule). */
function writeWithCompressed(path: string, code: string) {
  writeFileSync(path, code);
  const body = new TextEncoder().encode(code);
  if (body.byteLength < 1024) {
    // Too small to be worth it now: a copy compressed from the file before is no longer it.
    rmSync(`${path}.br`, { force: true });
    rmSync(`${path}.gz`, { force: true });
    return;
  }
  const { br, gzip } = precompress(body);
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzip);
}

/**
 * One copy of the browser's scripts per language (issue 48: a page ships
 * only the messages it renders, in its language). After the whole build
 * (the server build writes React Router's route manifest), each script of
 * `build/client/assets/` is rewritten in the default language, and copied to
 * `assets/<locale>/` in each other one, naming that copy's scripts
 * (server/locale-assets.ts picks them for a page in that language).
 * The end-to-end build also has the pseudo-locale's copy.
 */
export function localeBundles(): Plugin {
  return {
    name: "locale-bundles",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    closeBundle() {
      const assets = join(this.environment.config.root, "build/client/assets");
      const locales = process.env.E2E_TEST_ROUTES === "1" ? [...LOCALES, PSEUDO_LOCALE] : [...LOCALES];
      for (const locale of locales)
        if (locale !== DEFAULT_LOCALE) mkdirSync(join(assets, locale), { recursive: true });
      for (const name of readdirSync(assets)) {
        if (!name.endsWith(".js")) continue;
        const code = readFileSync(join(assets, name), "utf8");
        const hasMessages = code.includes("en:()=>");
        const tree = hasMessages
          ? (parse(code, { sourceType: "module" }).program as unknown as Node)
          : undefined;
        for (const locale of locales) {
          const specialized = tree ? specialize(code, locale, 0, tree) : code;
          // A choice the minifier reshaped so that it is no longer found would ship every language.
          const left = /.{0,60}\ben:\(\)=>.{0,60}/.exec(specialized);
          if (left) throw new Error(`${name}: a message's choice left in the ${locale} copy: ${left[0]}`);
          if (locale === DEFAULT_LOCALE) {
            if (specialized !== code) writeWithCompressed(join(assets, name), specialized);
          } else {
            writeWithCompressed(join(assets, locale, name), localizedScriptPaths(specialized, locale));
          }
        }
      }
    },
  };
}
