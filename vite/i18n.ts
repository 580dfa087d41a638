import { join } from "node:path";
import type { Plugin } from "vite";
import { CATALOGUE_DIR, compileAll } from "../scripts/i18n/compile.ts";

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
    config() {
      compile();
      const pseudo = process.env.E2E_TEST_ROUTES === "1" || process.env.VITEST === "true";
      return { define: { "import.meta.env.PSEUDO_LOCALE": JSON.stringify(pseudo) } };
    },
    configureServer(server) {
      server.watcher.on("change", (path) => {
        if (path.includes(`${join("/", CATALOGUE_DIR, "/")}`) && path.endsWith(".json")) compile();
      });
    },
  };
}
