import { readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { type Plugin, transformWithOxc } from "vite";

const SOURCE = "server/index.ts";
/** How the entry finds the server build: from `server/`, and from `build/server/` once written there. */
const FROM_SOURCE = '"../build/server/index.js"';
const FROM_BUILD = '"./index.js"';
/** A relative import of a module beside the entry (`./draining-server.ts`), which the build writes beside it. */
const SIBLING_IMPORT = /from "\.\/([\w-]+)\.ts"/g;

/** The modules beside the entry that `source` imports, and theirs: `server/…ts` paths. */
function siblingsOf(source: string, seen = new Set<string>()): string[] {
  for (const [, name] of source.matchAll(SIBLING_IMPORT)) {
    const path = join(dirname(SOURCE), `${name}.ts`);
    if (seen.has(path)) continue;
    seen.add(path);
    siblingsOf(readFileSync(path, "utf8"), seen);
  }
  return [...seen];
}

/**
 * Writes the Node entry (`server/index.ts`) as `build/server/main.js`, the
 * file `npm run serve` runs, and the modules beside it that it imports
 * (`server/draining-server.ts` as `build/server/draining-server.js`…). Node
 * can run the TypeScript itself, but then it loads its TypeScript parser,
 * about 17 MB of memory for the life of the process. Vite's own TypeScript
 * transform (oxc) writes them, their `./x.ts` imports as `./x.js`.
 */
export function nodeEntry(): Plugin {
  return {
    name: "node-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async writeBundle({ dir = "" }) {
      const source = readFileSync(SOURCE, "utf8");
      if (!source.includes(FROM_SOURCE)) this.error(`${SOURCE} no longer imports ${FROM_SOURCE}`);
      const write = async (path: string, text: string, file: string) => {
        const { code } = await transformWithOxc(text, path, {
          typescript: { rewriteImportExtensions: "rewrite" },
        });
        writeFileSync(join(dir, file), code);
      };
      await write(SOURCE, source.replace(FROM_SOURCE, FROM_BUILD), "main.js");
      for (const path of siblingsOf(source)) {
        await write(path, readFileSync(path, "utf8"), basename(path).replace(/\.ts$/, ".js"));
      }
    },
  };
}
