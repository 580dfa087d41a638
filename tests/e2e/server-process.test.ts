import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { APP_NAME } from "../fixtures/app-name";
import { collectOutput } from "../fixtures/process-output";
import { rawRequest } from "../fixtures/raw-http";
import {
  freshDir,
  launchApp,
  portFor,
  startServer,
  stopServer,
  waitUntilListening,
} from "../fixtures/server-process";

const FIRST_PORT = portFor(81);
const SECOND_PORT = portFor(82);

test.describe.configure({ mode: "serial" });

test("starts with no configuration, keeps its data in ./data, and stops cleanly on SIGTERM", async () => {
  const cwd = freshDir("zero-config");
  const port = FIRST_PORT;
  const first = startServer(cwd, { PORT: port });
  await waitUntilListening(first);
  expect(first.output()).toContain("No AUTH_SECRET set: created a random one in data/auth-secret");

  const page = await fetch(`http://localhost:${port}/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`<title>${APP_NAME}</title>`);
  expect(existsSync(join(cwd, "data", "app.db"))).toBe(true);
  // One structured line per request: what was asked and how it went, nothing private.
  await expect.poll(first.output).toMatch(/"msg":"request","method":"GET","path":"\/","status":200/);
  const line =
    first
      .output()
      .split("\n")
      .find((text) => text.includes('"path":"/"')) ?? "";
  expect(Object.keys(JSON.parse(line)).sort()).toEqual([
    "level",
    "method",
    "ms",
    "msg",
    "path",
    "requestId",
    "status",
    "time",
  ]);
  expect(page.headers.get("x-request-id")).toBe(JSON.parse(line).requestId);
  // What a library prints is a JSON line too (React Router warns about a path it cannot decode).
  expect((await fetch(`http://localhost:${port}/%E0%A4%A`)).status).toBe(404);
  await expect.poll(first.output).toContain("could not be decoded");
  // A client that leaves mid-body is no server error: no 500, no "database unavailable".
  const cutShort = `POST /login HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: http://localhost:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nintent=signin`;
  expect((await rawRequest(Number(port), cutShort, { endAfterWrite: true })).status).toBe(400);
  await expect.poll(first.output).toContain('"clientClosed":true');
  const records = first
    .output()
    .trim()
    .split("\n")
    .map((written) => {
      expect(() => JSON.parse(written), written).not.toThrow();
      return JSON.parse(written);
    });
  expect(records.filter((record) => record.level === "error")).toEqual([]);
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

test("the build ships V8's compiled code: a new build's first start compiles none of its modules", async () => {
  // One folder for this Node version, a file for each module of the server build.
  const compileCache = resolve("build/server/compile-cache");
  expect(readdirSync(compileCache, { recursive: true }).length).toBeGreaterThan(10);
  // Node says, for each module, whether the cached code was used (on stderr, with this variable).
  const server = startServer(freshDir("compile-cache"), {
    PORT: SECOND_PORT,
    AUTH_SECRET: "x".repeat(32),
    NODE_DEBUG_NATIVE: "COMPILE_CACHE",
  });
  await waitUntilListening(server);
  await stopServer(server);
  const verdicts = server
    .output()
    .split("\n")
    .filter((line) => line.includes("V8 code cache for ESM") && line.includes("/build/server/"));
  // The app's own chunk, React's and the entry's graph: every one found and accepted.
  expect(verdicts.some((line) => /\/build\/server\/app-[\w-]+\.js was accepted/.test(line))).toBe(true);
  expect(verdicts.length).toBeGreaterThan(10);
  expect(verdicts.filter((line) => !line.includes("was accepted"))).toEqual([]);
  // Written by the build, not by a server of this test run: before this test process started.
  const appEntry = /reading cache from (\S+) for ESM \S+\/build\/server\/app-[\w-]+\.js/.exec(
    server.output(),
  )?.[1];
  expect(appEntry).toBeDefined();
  expect(statSync(appEntry as string).mtimeMs).toBeLessThan(performance.timeOrigin);
});

test("a bad setting stops the start with one line naming it", async () => {
  const cwd = freshDir("bad-config");
  const server = startServer(cwd, { PORT: "not-a-port" });
  expect(await server.exited).toBe(1);
  expect(server.output().trim()).toBe("Invalid configuration: PORT: must be a port number from 1 to 65535");
});

test("an unreachable PostgreSQL stops the start with one line, and no password in it", async () => {
  const server = startServer(freshDir("no-database"), {
    PORT: SECOND_PORT,
    DATABASE_URL: "postgres://app:hunter2-password@127.0.0.1:1/app",
    AUTH_SECRET: "x".repeat(32),
  });
  expect(await server.exited).toBe(1);
  expect(server.output().trim()).toBe("Cannot reach the database: connect ECONNREFUSED 127.0.0.1:1");
});

test("a data directory the app cannot use stops the start with one line naming it", async () => {
  const cwd = freshDir("bad-data-dir");
  // A file where the folder should be: nothing can be created in it (as root, permissions would not stop it).
  const dataDir = join(cwd, "not-a-folder");
  writeFileSync(dataDir, "");
  const server = startServer(cwd, { PORT: SECOND_PORT, DATA_DIR: dataDir, AUTH_SECRET: "x".repeat(32) });
  expect(await server.exited).toBe(1);
  expect(server.output().trim()).toMatch(new RegExp(`^Cannot use the data directory ${dataDir}: \\S.*$`));
});

test("npm run serve exits only when Node has stopped, with its exit code", async () => {
  const dataDir = freshDir("npm-serve");
  const port = SECOND_PORT;
  const npm = spawn("npm", ["run", "--silent", "serve"], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "", PORT: port, DATA_DIR: dataDir, APP_URL: `http://localhost:${port}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = collectOutput(npm);
  const exited = new Promise<number | null>((done) => npm.on("exit", (code) => done(code)));
  try {
    await expect.poll(output, { timeout: 15_000 }).toContain("Listening on");
    npm.kill("SIGTERM");
    expect(await exited).toBe(0);
    // npm ended after Node said it stopped, and nothing answers on the port any more.
    expect(output()).toContain("Stopped.");
    await expect(fetch(`http://localhost:${port}/healthz`)).rejects.toThrow();
  } finally {
    npm.kill("SIGKILL");
  }
});

test("production over HTTPS refuses to start without AUTH_SECRET", async () => {
  const cwd = freshDir("prod-config");
  const server = startServer(cwd, {
    PORT: SECOND_PORT,
    NODE_ENV: "production",
    APP_URL: "https://app.example.com",
  });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain("AUTH_SECRET is required in production over HTTPS");
  expect(existsSync(join(cwd, "data", "auth-secret"))).toBe(false);
});

test("with no SMTP_URL, mails are written to data/outbox as .eml files and the log says where", async () => {
  const cwd = freshDir("zero-config-mail");
  const port = portFor(86);
  const server = startServer(cwd, { PORT: port });
  try {
    await waitUntilListening(server);
    expect(server.output()).toContain(
      '"msg":"no SMTP_URL: mails are written to the outbox","dir":"data/outbox"',
    );

    // Creating an account mails its code first.
    const signUp = await fetch(`http://localhost:${port}/login`, {
      method: "POST",
      headers: { Origin: `http://localhost:${port}` },
      body: new URLSearchParams({
        intent: "signup",
        name: "Ada",
        email: "ada@example.com",
        password: "correct horse",
      }),
      redirect: "manual",
    });
    expect(signUp.status).toBe(302);
    await expect.poll(server.output).toContain('"msg":"mail written","kind":"sign-up-code"');
    const outbox = join(cwd, "data", "outbox");
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    const mail = readFileSync(join(outbox, files[0] ?? ""), "utf8");
    expect(mail).toMatch(new RegExp(`^Subject: \\d{6} is your ${APP_NAME} code$`, "m"));
    expect(mail).toContain(`From: ${APP_NAME} <no-reply@localhost>`);
    expect(mail).toContain("Content-Type: text/plain");
    expect(mail).toContain("Content-Type: text/html");
    expect(server.output()).toContain(`"file":"data/outbox/${files[0]}"`);
    // The log has the file, never the link in it.
    expect(server.output()).not.toContain("token=");
  } finally {
    server.child.kill("SIGTERM");
  }
  expect(await server.exited).toBe(0);
});

test("a failure while rendering is one JSON log line with the request id the error page shows", async () => {
  const port = portFor(88);
  const server = await launchApp(port, freshDir("render-failure"), { E2E_TEST_ROUTES: "1" });
  try {
    const failed = await fetch(`http://localhost:${port}/__e2e/crash?where=server`);
    expect(failed.status).toBe(500);
    const requestId = failed.headers.get("x-request-id");
    expect(await failed.text()).toContain(requestId);
    await expect.poll(server.output).toContain("render failed");
    const records = server
      .output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(records.find((record) => record.msg === "render failed")).toMatchObject({
      level: "error",
      requestId,
      err: "Deliberate server failure for the end-to-end suite",
    });
  } finally {
    await stopServer(server);
  }
});
