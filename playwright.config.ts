import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";
import { FEATURES } from "./app/features/registry.ts";
import { chromiumArgs, suiteChromiumPath } from "./tests/fixtures/chromium.ts";
import { journeysNeedingUnlisted, listedSetups } from "./tests/fixtures/feature-journeys.ts";
import { MAILBOX_URL, mailAppEnv } from "./tests/fixtures/mail-env.ts";
import { createDatabase, databaseUrlFor, freshDatabaseName } from "./tests/fixtures/postgres.ts";
import { POSTGRES_AUTH_SECRET } from "./tests/fixtures/server-secret.ts";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const scaledOut = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
export const baseURL = `http://localhost:${PORT}`;

// One fresh database per run. Set in the environment so the workers, which
// load this file again, see the same folder as the server.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "react-starter-e2e-"));

// With DATABASE_URL (the second run of .ci/run), the suite's server runs on
// PostgreSQL, in a fresh database of its own that the teardown drops; with
// REDIS_URL, its rate limits live in Redis.
if (process.env.DATABASE_URL && !process.env.E2E_DATABASE_URL) {
  const name = freshDatabaseName("react_starter_e2e");
  await createDatabase(name);
  process.env.E2E_DATABASE_URL = databaseUrlFor(process.env.DATABASE_URL, name);
  process.env.E2E_CREATED_DATABASE = name;
}
const postgresEnv: Record<string, string> = process.env.E2E_DATABASE_URL
  ? {
      DATABASE_URL: process.env.E2E_DATABASE_URL,
      AUTH_SECRET: POSTGRES_AUTH_SECRET,
    }
  : {};

// What the listed features start and set (their e2e-setup.ts); the journeys that need one not listed are left out.
const featureSetups = await listedSetups(import.meta.dirname, FEATURES);
const journeysOfUnlistedFeatures = journeysNeedingUnlisted(import.meta.dirname, FEATURES);

export default defineConfig({
  // The core's journeys, and each feature's next to its code (app/features/<name>/*.e2e.ts).
  testDir: ".",
  testMatch: ["tests/e2e/**/*.test.ts", "app/features/**/*.e2e.ts"],
  forbidOnly: true,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  globalTeardown: "./tests/fixtures/global-teardown.ts",
  // Journeys that need PostgreSQL (and Redis) run only where they are configured
  // (the second run of .ci/run); stopping PostgreSQL also needs the cluster's
  // name and runs alone, after the rest of the suite. A full disk needs root.
  projects: [
    {
      name: "suite",
      testIgnore: [
        "**/postgres-outage.test.ts",
        "**/disk-full.test.ts",
        "**/*-instances.e2e.ts",
        ...journeysOfUnlistedFeatures,
        ...(scaledOut ? [] : ["**/scale-out.test.ts"]),
      ],
    },
    // Instances that share PostgreSQL and nothing else (no Redis): wherever DATABASE_URL is set.
    ...(process.env.DATABASE_URL
      ? [{ name: "postgres", testMatch: "**/*-instances.e2e.ts", testIgnore: journeysOfUnlistedFeatures }]
      : []),
    // A full disk is a small file system mounted for the test: only root may mount.
    ...(process.getuid?.() === 0 ? [{ name: "disk-faults", testMatch: "**/disk-full.test.ts" }] : []),
    ...(scaledOut && process.env.E2E_POSTGRES_CLUSTER
      ? [{ name: "postgres-outage", testMatch: "**/postgres-outage.test.ts", dependencies: ["suite"] }]
      : []),
  ],
  use: {
    baseURL,
    browserName: "chromium",
    headless: true,
    launchOptions: { executablePath: suiteChromiumPath, args: chromiumArgs },
    // Headless Chromium calls itself "HeadlessChrome", which isbot counts as
    // a crawler; the suite browses as a person unless a test says otherwise.
    userAgent:
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
    // Recording a trace of every test costs about a third of the suite's time on two cores:
    // `E2E_TRACE=1` keeps one for each failure. A failure always leaves its page's snapshot.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
  },
  // Started in this order: the listed features' servers (a real OpenID provider), a real SMTP server on loopback, then the app.
  webServer: [
    ...featureSetups.flatMap((setup) =>
      (setup.webServers?.(baseURL) ?? []).map((server) => ({
        ...server,
        reuseExistingServer: false,
        timeout: 30_000,
        stdout: "ignore" as const,
        stderr: "pipe" as const,
      })),
    ),
    {
      command: "node tests/fixtures/mail-server.ts",
      url: `${MAILBOX_URL}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node build/server/main.js",
      url: `${baseURL}/api/_auth/session`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        APP_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR,
        E2E_TEST_ROUTES: "1",
        // One line per request would bury the test report; the process tests check the log.
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        ...Object.assign({}, ...featureSetups.map((setup) => setup.appEnv)),
        ...mailAppEnv,
        // The whole suite signs in from 127.0.0.1: the per-IP limit has its own test server.
        AUTH_RATE_LIMIT_PER_IP: "100000",
        ...postgresEnv,
      },
    },
  ],
});
