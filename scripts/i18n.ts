/**
 * `npm run i18n`: compiles the message catalogues (scripts/i18n/compile.ts).
 * `npm run i18n -- --check`: fails on a message missing in a language, an
 * unused message, or words written in a page or a mail instead of a
 * catalogue (scripts/i18n/check.ts).
 */
import { compileAll } from "./i18n/compile.ts";

const root = process.cwd();
const problems = compileAll(root);
if (process.argv.includes("--check")) {
  const { checkCatalogues } = await import("./i18n/check.ts");
  problems.push(...checkCatalogues(root));
}
for (const problem of problems) console.error(`${problem.file}: ${problem.message}`);
if (problems.length) {
  console.error(`i18n: ${problems.length} problem${problems.length === 1 ? "" : "s"}`);
  process.exit(1);
}
