import { defineConfig } from "vitest/config";
import { iconComponents } from "./vite/icon-components.ts";

// Unit tests run without the React Router plugin: they test plain modules.
// Icons compile as in the build (`~icons/…`): the sign-in providers' logos sit in their registry.
export default defineConfig({
  plugins: [iconComponents()],
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    environment: "node",
    pool: "threads",
    maxWorkers: 2,
    // Many tests sign in several times, and each sign-in is a deliberately
    // slow scrypt hash: on a shared 2-core machine one test can need more
    // than Vitest's default 5 s without anything being wrong.
    testTimeout: 20_000,
  },
});
