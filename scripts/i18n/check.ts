/**
 * `npm run i18n -- --check`: what the compiler lets through.
 *
 * - A message missing in a language, or in none but that one.
 * - A message no code calls (`m.someKey` on an import of a `messages` folder).
 * - Words written in the code where a person reads them: JSX text, a JSX
 *   string in a text attribute (`aria-label`, `title`, `placeholder`, `alt`,
 *   `label`), or prose in a mail template (`*mail*.server.ts`).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { parse } from "@babel/parser";
import { DEFAULT_LOCALE, LOCALES } from "../../app/i18n/runtime.ts";
import { CATALOGUE_DIR, type CompileProblem, findCatalogues, readCatalogue } from "./compile.ts";

const SOURCE_ROOTS = ["app", "server"];
/** Code no person reads: tests, and the end-to-end suite's own pages. */
const NOT_SHOWN = [
  /\.test\.tsx?$/,
  /\.e2e\.ts$/,
  /(^|\/)e2e-[^/]*\.ts$/,
  /^app\/routes\/e2e\//,
  /\/messages\/(index\.ts|compiled\/)/,
];
const TEXT_ATTRIBUTES = new Set(["aria-label", "aria-description", "title", "placeholder", "alt", "label"]);
/** A word: two letters or more (a lone "×" or "·" is not one). */
const WORD = /\p{L}{2,}/u;
/** Prose: two words with a space between. */
const PROSE = /\p{L}{2,}[,.]?\s+\p{L}{2,}/u;
/** Mail templates: the core's, and each feature's (`mail-templates`, `…-mail`, `…-mails`). */
const MAIL_TEMPLATE = /(^|\/)(templates|[a-z-]*mail-templates|[a-z-]+-mails?)\.server\.ts$/;
/** Calls whose strings are for the log or the developer, not a person. */
const NOT_FOR_PEOPLE = /(^|\.)(log|warn|error|info|debug|Error|TypeError|assert|ok)$/;

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== "node_modules") walk(path);
      } else if (/\.tsx?$/.test(name)) {
        const shown = relative(root, path);
        if (!NOT_SHOWN.some((pattern) => pattern.test(shown))) files.push(path);
      }
    }
  };
  for (const each of SOURCE_ROOTS) walk(join(root, each));
  return files;
}

/** Where `~/…` and relative imports of a catalogue folder point. */
function importedCatalogue(root: string, file: string, specifier: string): string | undefined {
  if (!specifier.endsWith(`/${CATALOGUE_DIR}`) && specifier !== `./${CATALOGUE_DIR}`) return undefined;
  const path = specifier.startsWith("~/")
    ? join(root, "app", specifier.slice(2))
    : resolve(dirname(file), specifier);
  return path;
}

type Node = { type: string; start: number; loc: { start: { line: number } }; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/** Each node with its ancestors, depth first. */
function walk(
  node: Node,
  visit: (node: Node, parents: Node[]) => boolean | undefined,
  parents: Node[] = [],
): void {
  if (visit(node, parents) === false) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "loc" || key === "extra" || key === "leadingComments" || key === "trailingComments") continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child)) walk(child, visit, [...parents, node]);
    }
  }
}

const calleeName = (node: Node): string => {
  const callee = node.callee as Node | undefined;
  if (!callee) return "";
  if (callee.type === "Identifier") return callee.name as string;
  if (callee.type === "MemberExpression" && isNode(callee.property))
    return (callee.property.name as string) ?? "";
  return "";
};

/** Inside a call made for the log or the developer (`log.warn(…)`, `new Error(…)`). */
const forDevelopers = (parents: Node[]) =>
  parents.some(
    (parent) =>
      (parent.type === "CallExpression" || parent.type === "NewExpression") &&
      NOT_FOR_PEOPLE.test(calleeName(parent)),
  );

function literalProblems(root: string, file: string, program: Node): CompileProblem[] {
  const problems: CompileProblem[] = [];
  const shown = relative(root, file);
  const isMail = MAIL_TEMPLATE.test(shown);
  const report = (node: Node, text: string) =>
    problems.push({
      file: `${shown}:${node.loc.start.line}`,
      message: `words in the code: "${text.trim().slice(0, 60)}"`,
    });
  walk(program, (node, parents) => {
    if (node.type === "ImportDeclaration" || (node.type === "ExportNamedDeclaration" && node.source))
      return false;
    if (node.type === "JSXText" && WORD.test(node.value as string)) report(node, node.value as string);
    if (node.type === "JSXAttribute" && isNode(node.value) && node.value.type === "StringLiteral") {
      const name = isNode(node.name) ? String(node.name.name) : "";
      if (TEXT_ATTRIBUTES.has(name) && WORD.test(node.value.value as string))
        report(node, node.value.value as string);
    }
    if (
      node.type === "JSXExpressionContainer" &&
      isNode(node.expression) &&
      node.expression.type === "StringLiteral"
    ) {
      if (WORD.test(node.expression.value as string)) report(node, node.expression.value as string);
    }
    if (
      isMail &&
      (node.type === "StringLiteral" || node.type === "TemplateLiteral") &&
      !forDevelopers(parents)
    ) {
      const text =
        node.type === "StringLiteral"
          ? (node.value as string)
          : (node.quasis as Node[]).map((quasi) => (quasi.value as { cooked: string }).cooked).join(" ");
      const words = text.replace(/<[^>]*>/g, " ");
      if (PROSE.test(words)) report(node, words);
    }
    return undefined;
  });
  return problems;
}

export function checkCatalogues(root: string): CompileProblem[] {
  const problems: CompileProblem[] = [];
  const catalogues = findCatalogues(SOURCE_ROOTS.map((each) => join(root, each))).map(readCatalogue);
  const used = new Map<string, Set<string>>(catalogues.map((catalogue) => [catalogue.dir, new Set()]));
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, "utf8");
    const program = parse(text, { sourceType: "module", plugins: ["typescript", "jsx"] })
      .program as unknown as Node;
    for (const statement of program.body as Node[]) {
      if (statement.type !== "ImportDeclaration" || !isNode(statement.source)) continue;
      const dir = importedCatalogue(root, file, statement.source.value as string);
      if (!dir || !used.has(dir)) continue;
      const keys = used.get(dir) as Set<string>;
      for (const specifier of statement.specifiers as Node[]) {
        if (specifier.type === "ImportNamespaceSpecifier") {
          const alias = (specifier.local as Node).name as string;
          for (const [, key] of text.matchAll(new RegExp(`\\b${alias}\\.([A-Za-z0-9]+)`, "g")))
            keys.add(key as string);
        } else if (specifier.type === "ImportSpecifier") {
          keys.add(((specifier.imported as Node).name as string) ?? "");
        }
      }
    }
    problems.push(...literalProblems(root, file, program));
  }
  for (const catalogue of catalogues) {
    const where = relative(root, catalogue.dir);
    const all = new Set(LOCALES.flatMap((locale) => Object.keys(catalogue.messages[locale] ?? {})));
    for (const key of all) {
      const missing = LOCALES.filter((locale) => catalogue.messages[locale]?.[key] === undefined);
      if (missing.length)
        problems.push({ file: where, message: `"${key}" is missing in ${missing.join(", ")}` });
      if (catalogue.messages[DEFAULT_LOCALE]?.[key] !== undefined && !used.get(catalogue.dir)?.has(key)) {
        problems.push({ file: where, message: `"${key}" is not used (nothing calls it)` });
      }
    }
  }
  return problems;
}
