import { parse } from "@babel/parser";
import { DEFAULT_LOCALE } from "../app/i18n/runtime.ts";
import { type Node, replaceOutermost, variantsOf } from "./locale-bundles.ts";

/** What the server's copy of a message asks for its language. */
const LOCALE = "__i18nLocale";

/**
 * The server's copy of a module's messages: each `pick({ de: () => A, en: () => B })`
 * (app/i18n/runtime.ts) becomes `(__i18nLocale() === "de" ? A : B)`. The
 * server speaks every language, so it keeps every text, but it no longer
 * makes an object and a function per text on every call, nor looks a text up
 * by language in one of a thousand object shapes; each text is compiled
 * with the code around it. The browser's copies are made per language from
 * the `pick` form (vite/locale-bundles.ts).
 */
export function serverChoices(code: string): string {
  if (!code.includes("ick({")) return code;
  const root = parse(code, { sourceType: "module", plugins: ["typescript", "jsx"] })
    .program as unknown as Node;
  const out = replaceOutermost(code, root, (node) => {
    const callee = node.callee as Node | undefined;
    const [argument, ...rest] = (node.arguments as Node[] | undefined) ?? [];
    const variants =
      node.type === "CallExpression" &&
      callee?.type === "Identifier" &&
      /^(?:pick|__i18nPick)$/.test(callee.name as string) &&
      argument &&
      !rest.length
        ? variantsOf(argument)
        : undefined;
    if (!variants) return undefined;
    const text = (body: Node) => `(${code.slice(body.start, body.end)})`;
    let choice = text(variants.get(DEFAULT_LOCALE) as Node);
    for (const [locale, body] of variants) {
      if (locale !== DEFAULT_LOCALE)
        choice = `${LOCALE}() === ${JSON.stringify(locale)} ? ${text(body)} : ${choice}`;
    }
    return { start: node.start, end: node.end, text: `(${choice})` };
  });
  if (out === code) return code;
  return `import { locale as ${LOCALE} } from "~/i18n/runtime";\n${out}`;
}
