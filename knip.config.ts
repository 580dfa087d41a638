import type { KnipConfig } from "knip";
import { SEAM_FILES } from "./app/features/registry.ts";
import { E2E_SETUP_FILE } from "./tests/fixtures/feature-journeys.ts";

/** The seam files are entries: the registry's modules find them by glob. */
export default {
  entry: [
    "app/routes/e2e/*.tsx",
    "app/entry.{client,server}.tsx",
    `app/features/*/{${Object.keys(SEAM_FILES).join(",")}}`,
    "server/{app,index}.ts",
    "scripts/*.ts",
    "vite/*.ts",
    "tests/**/*.ts",
    "**/*.test.{ts,tsx}",
    "*.config.ts",
    "db/migrations/*.ts",
    "app/features/*/migrations/*.ts",
    "app/features/*/*.e2e.ts",
    // Loaded by playwright.config.ts for the listed features, and the servers they start.
    `app/features/*/${E2E_SETUP_FILE}`,
    "app/features/*/e2e-*-server.ts",
  ],
  project: [
    "app/**/*.{ts,tsx}",
    "server/**/*.ts",
    "db/**/*.ts",
    "scripts/**/*.ts",
    "vite/**/*.ts",
    "tests/**/*.ts",
  ],
  vitest: false,
  playwright: false,
  ignoreExportsUsedInFile: true,
  ignoreDependencies: ["@react-router/node", "@types/mailparser", "@types/smtp-server", "tailwindcss"],
  ignoreBinaries: [
    "pg_ctlcluster",
    "redis-server",
    "redis-cli",
    "mount",
    "umount",
    "apt-get",
    "openssl",
    "systemd-analyze",
    "valgrind",
  ],
  ignoreUnresolved: ["^\\./\\+types/"],
} satisfies KnipConfig;
