import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Plugin } from "vite";

/**
 * Fills V8's compile cache for the server build as the last step of the
 * build, once the landing page is prerendered: the Node entry
 * (`build/server/main.js`, see `server/index.ts`) starts the app once with
 * `--fill-compile-cache` (SQLite in a throwaway folder, nothing configured:
 * no database, Redis or SMTP of the build machine is touched), which
 * compiles every module a start loads, and stops without listening. Without
 * it, the first start of each new build compiles everything itself, about
 * 90 ms more on this project's 2-core machines.
 */
export function serverCompileCache(): Plugin {
  return {
    name: "server-compile-cache",
    apply: "build",
    buildApp: {
      // After React Router's own build steps, prerendering included: the app reads that page at start.
      order: "post",
      async handler(builder) {
        const server = builder.environments.ssr;
        if (!server) return;
        const entry = join(resolve(builder.config.root, server.config.build.outDir), "main.js");
        const dataDir = mkdtempSync(join(tmpdir(), "compile-cache-fill-"));
        try {
          execFileSync(process.execPath, [entry, "--fill-compile-cache"], {
            env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
            stdio: ["ignore", "ignore", "inherit"],
            timeout: 60_000,
          });
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    },
  };
}
