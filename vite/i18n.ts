import { dirname, join, resolve } from "node:path";
import type { Plugin } from "vite";
import {
  CATALOGUE_DIR,
  COMPILED_DIR,
  catalogueKeys,
  compileAll,
  inlineMessages,
} from "../scripts/i18n/compile.ts";
import { serverChoices } from "./server-choices.ts";

/**
 * Compiles the message catalogues (scripts/i18n/compile.ts) when Vite starts
 * and again whenever one changes in development, and says whether this
 * build has the pseudo-locale: only a build for the end-to-end suite does
 * (`E2E_TEST_ROUTES=1`), so the product's bundles never carry it.
 */
export function i18nCatalogues(root = process.cwd()): Plugin {
  const compile = () => {
    for (const problem of compileAll(root)) console.warn(`${problem.file}: ${problem.message}`);
  };
  return {
    name: "i18n-catalogues",
    enforce: "pre",
    config() {
      compile();
      const pseudo = process.env.E2E_TEST_ROUTES === "1" || process.env.VITEST === "true";
      return { define: { "import.meta.env.PSEUDO_LOCALE": JSON.stringify(pseudo) } };
    },
    transform(code, id, options) {
      if (id.includes("node_modules") || !/\.tsx?$/.test(id.split("?")[0] ?? "")) return undefined;
      const dirOf = (specifier: string) =>
        specifier.startsWith("~/")
          ? join(root, "app", specifier.slice(2))
          : resolve(dirname(id.split("?")[0] ?? id), specifier);
      const direct = importEachMessage(code, (specifier) => ({
        inline: inlineMessages.get(dirOf(specifier)) ?? {},
        keys: catalogueKeys.get(dirOf(specifier)),
      }));
      // The server chooses each text by its request's language without a `pick` (server-choices.ts).
      const served = options?.ssr && !id.endsWith("/i18n/runtime.ts") ? serverChoices(direct) : direct;
      return served === code ? undefined : { code: served, map: null };
    },
    configureServer(server) {
      server.watcher.on("change", (path) => {
        if (path.includes(`${join("/", CATALOGUE_DIR, "/")}`) && path.endsWith(".json")) compile();
      });
    },
  };
}

/**
 * `import * as m from "./messages"` and `m.someKey(…)` become the message
 * itself where it is called: a message of plain text as its expression
 * (`m.reload()` → `pick({ de: () => "Neu laden", en: () => "Reload" })`,
 * which each language's bundle then reduces to its own text; its arguments
 * written in when each is a name, `m.hi({ name: user.name })`), and any other
 * (a plural, a number, a date, an argument computed in the call) as an
 * import of its own module (`./messages/compiled/someKey`). The
 * bundler then puts each message with the code that calls it, never a whole
 * catalogue in whichever chunk its barrel landed in. `inline` gives a
 * catalogue's expressions and keys (compileCatalogue), by the import's specifier.
 */
export function importEachMessage(
  code: string,
  catalogue: (specifier: string) => { inline: Record<string, string>; keys?: ReadonlySet<string> } = () => ({
    inline: {},
  }),
): string {
  let out = code;
  let picks = false;
  for (const [statement, alias, specifier] of code.matchAll(
    /^import \* as (\w+) from "([^"]*\/messages)";?$/gm,
  )) {
    if (!alias || !specifier) continue;
    const { inline: expressions, keys: known } = catalogue(specifier);
    // `m.key()`, or `m.key({ name, count: user.count })` whose values are names: each value
    // is written into the text, once per language, so it must be cheap and without effects.
    const call = new RegExp(
      `(?<![.\\w$])${alias}\\.([A-Za-z][A-Za-z0-9]*)\\(\\s*(?:\\{([^(){}\`'"]*)\\}\\s*)?\\)`,
      "g",
    );
    out = out.replace(call, (whole, key: string, object?: string) => {
      const expression = expressions[key];
      const values = object === undefined ? new Map<string, string>() : namedValues(object);
      if (expression === undefined || !values) return whole;
      let complete = true;
      const text = expression.replace(/\$\{p\.(\w+)\}/g, (_, name: string) => {
        const value = values.get(name);
        if (value === undefined) complete = false;
        return `\${${value}}`;
      });
      if (!complete) return whole;
      picks = true;
      return text.replaceAll("pick(", "__i18nPick(");
    });
    const use = new RegExp(`(?<![.\\w$])${alias}\\.([A-Za-z][A-Za-z0-9]*)\\b`, "g");
    // Only the catalogue's keys: `m.someKey` in a comment is not a call.
    const keys = new Set(
      [...out.matchAll(use)].map(([, key]) => key ?? "").filter((key) => key && (!known || known.has(key))),
    );
    const imports = [...keys].map(
      (key) => `import { ${key} as ${alias}$${key} } from "${specifier}/${COMPILED_DIR}/${key}";`,
    );
    out = out
      .replace(statement, imports.join("\n"))
      .replace(use, (whole, key: string) => (keys.has(key) ? `${alias}$${key}` : whole));
  }
  return picks ? `import { pick as __i18nPick } from "~/i18n/runtime";\n${out}` : out;
}

/** A name, or a chain of property reads (`user.name`, `team?.name`), or a number. */
const NAMED_VALUE = /^(?:[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*|\d+(?:\.\d+)?)$/;

/** `name, count: user.count` as its values by name; undefined when a value is anything else. */
function namedValues(object: string): Map<string, string> | undefined {
  const values = new Map<string, string>();
  for (const property of object.split(",")) {
    if (!property.trim()) continue;
    const [name = "", value = name, ...rest] = property.split(":").map((part) => part.trim());
    if (rest.length || !/^[A-Za-z_$][\w$]*$/.test(name) || !NAMED_VALUE.test(value)) return undefined;
    values.set(name, value);
  }
  return values;
}
