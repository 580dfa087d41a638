import { defineConfig } from "vitest/config";
import { i18nCatalogues } from "./vite/i18n.ts";
import { iconComponents } from "./vite/icon-components.ts";

// Unit tests run without the React Router plugin: they test plain modules.
// Icons compile as in the build (`~icons/…`): the sign-in providers' logos sit in their registry.
export default defineConfig({
  plugins: [i18nCatalogues(), iconComponents()],
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
      "vite/**/*.test.ts",
    ],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    environment: "node",
    pool: "threads",
    // One module graph per worker, not one per file: importing the server's modules afresh for
    // each of ~80 files was most of the run (67 s -> 34 s on 2 cores). Tests restore what they
    // change (mocks, timers, globals, env) instead of counting on a fresh copy.
    isolate: false,
    // Many tests wait (timeouts, scrypt in the thread pool) more than they compute: a third
    // worker fills the gaps on 2 cores (34 s -> 28 s).
    maxWorkers: 3,
    // Many tests sign in several times, and each sign-in is a deliberately
    // slow scrypt hash: on a shared 2-core machine one test can need more
    // than Vitest's default 5 s without anything being wrong.
    testTimeout: 20_000,
  },
});
