import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Plugin, transformWithOxc } from "vite";

const SOURCE = "server/index.ts";
/** How the entry finds the server build: from `server/`, and from `build/server/` once written there. */
const FROM_SOURCE = '"../build/server/index.js"';
const FROM_BUILD = '"./index.js"';

/**
 * Writes the Node entry (`server/index.ts`) as `build/server/main.js`, the
 * file `npm run serve` runs. Node can run the TypeScript itself, but then it
 * loads its TypeScript parser, about 17 MB of memory for the life of the
 * process. Vite's own TypeScript transform (oxc) writes it.
 */
export function nodeEntry(): Plugin {
  return {
    name: "node-entry",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async writeBundle({ dir = "" }) {
      const source = readFileSync(SOURCE, "utf8");
      if (!source.includes(FROM_SOURCE)) this.error(`${SOURCE} no longer imports ${FROM_SOURCE}`);
      const { code } = await transformWithOxc(source.replace(FROM_SOURCE, FROM_BUILD), SOURCE);
      writeFileSync(join(dir, "main.js"), code);
    },
  };
}
