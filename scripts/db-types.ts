/**
 * `npm run db:types`: writes db/schema.generated.ts from the migrations
 * (db/generate-types.ts). With `--check` (run by `npm run lint`) it writes
 * nothing and fails when the file is not what the migrations make.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "vite";

const FILE = new URL("../db/schema.generated.ts", import.meta.url);

// The generator imports the app's own database code, so it runs through Vite as the unit tests do.
const vite = await createServer({
  configFile: new URL("../vitest.config.ts", import.meta.url).pathname,
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: "custom",
  logLevel: "silent",
  optimizeDeps: { noDiscovery: true },
});
try {
  const { generateSchemaTypes } = (await vite.ssrLoadModule(
    "/db/generate-types.ts",
  )) as typeof import("../db/generate-types");
  const text = await generateSchemaTypes();
  if (!process.argv.includes("--check")) {
    writeFileSync(FILE, text);
  } else if (readFileSync(FILE, "utf8") !== text) {
    console.error("db/schema.generated.ts is not what the migrations make: run `npm run db:types`.");
    process.exitCode = 1;
  }
} finally {
  await vite.close();
}
