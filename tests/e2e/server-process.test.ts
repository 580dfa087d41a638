import { existsSync, mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startAppServer as startServer, waitUntilListening } from "../fixtures/app-server";

// Ports beside the suite's own server, so parallel checkouts never collide.
const SUITE_PORT = Number(process.env.E2E_PORT ?? 3210);
const FIRST_PORT = String(SUITE_PORT + 81);
const SECOND_PORT = String(SUITE_PORT + 82);

test.describe.configure({ mode: "serial" });

test("starts with no configuration, keeps its data in ./data, and stops cleanly on SIGTERM", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "zero-config-"));
  const port = FIRST_PORT;
  const first = startServer(cwd, { PORT: port });
  await waitUntilListening(first);
  expect(first.output()).toContain("No AUTH_SECRET set: created a random one in data/auth-secret");

  const page = await fetch(`http://localhost:${port}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("<title>React Starter</title>");
  expect(existsSync(join(cwd, "data", "app.db"))).toBe(true);
  expect(statSync(join(cwd, "data", "auth-secret")).mode & 0o077).toBe(0);

  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(first.output()).toContain("Stopped.");

  // A restart reuses the secret and the migrated database, and says nothing about secrets.
  const second = startServer(cwd, { PORT: port });
  await waitUntilListening(second);
  expect(second.output()).not.toContain("AUTH_SECRET");
  expect((await fetch(`http://localhost:${port}/api/_auth/session`)).status).toBe(200);
  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
});

test("a bad setting stops the start with one line naming it", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "bad-config-"));
  const server = startServer(cwd, { PORT: "not-a-port" });
  expect(await server.exited).toBe(1);
  expect(server.output().trim()).toBe("Invalid configuration: PORT: must be a port number from 1 to 65535");
});

test("production over HTTPS refuses to start without AUTH_SECRET", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "prod-config-"));
  const server = startServer(cwd, {
    PORT: SECOND_PORT,
    NODE_ENV: "production",
    APP_URL: "https://app.example.com",
  });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("AUTH_SECRET is required in production over HTTPS");
  expect(existsSync(join(cwd, "data", "auth-secret"))).toBe(false);
});
