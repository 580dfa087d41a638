import { defineConfig } from "vitest/config";

// Unit tests run without the React Router plugin: they test plain modules.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "db/**/*.test.ts"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    environment: "node",
    pool: "threads",
    maxWorkers: 2,
  },
});
