import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freshDir, launchApp, portFor } from "../fixtures/server-process";

test.describe.configure({ mode: "serial" });

const password = "correct horse battery";

/** Posts the no-JavaScript sign-up or sign-in form; resolves to the status. */
async function postForm(base: string, form: Record<string, string>): Promise<number> {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
  await response.arrayBuffer();
  return response.status;
}

test("every account whose creation was answered survives kill -9", async () => {
  const dataDir = freshDir("crash");
  const port = portFor(83);
  const base = `http://localhost:${port}`;
  const first = await launchApp(port, dataDir, { LOG_LEVEL: "warn" });

  const answered: string[] = [];
  const attempts = Array.from({ length: 150 }, (_, index) => `crash-${index}@example.com`);
  const burst = attempts.map(async (email) => {
    try {
      const status = await postForm(base, { intent: "signup", name: "Crash Test", email, password });
      if (status === 302) answered.push(email);
    } catch {
      // Cut off by the kill: not answered, so not promised.
    }
  });
  await expect.poll(() => answered.length, { timeout: 20_000, intervals: [5] }).toBeGreaterThanOrEqual(5);
  first.child.kill("SIGKILL");
  await Promise.all(burst);
  await first.exited;
  expect(answered.length).toBeLessThan(attempts.length);

  const second = await launchApp(port, dataDir, { LOG_LEVEL: "warn" });
  try {
    for (const email of answered) {
      expect(await postForm(base, { intent: "signin", email, password }), email).toBe(302);
    }
  } finally {
    second.child.kill("SIGTERM");
    await second.exited;
  }
});

test("SIGTERM during load finishes every request in flight, then exits 0", async () => {
  const dataDir = freshDir("drain");
  const port = portFor(84);
  const base = `http://localhost:${port}`;
  const server = await launchApp(port, dataDir, { LOG_LEVEL: "info" });
  const requests = Array.from({ length: 16 }, (_, index) =>
    postForm(base, { intent: "signup", name: "Drain Test", email: `drain-${index}@example.com`, password }),
  );
  // Stop as soon as the first answer is logged: the others are still being worked on.
  await expect.poll(server.output, { timeout: 20_000 }).toContain('"method":"POST"');
  server.child.kill("SIGTERM");
  const statuses = await Promise.all(requests);
  expect(statuses).toEqual(statuses.map(() => 302));
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain("Stopped.");
});

/** Another process takes the database's write lock and keeps it until released. */
function holdWriteLock(databaseFile: string): { child: ChildProcess; release: () => Promise<void> } {
  const script = `
    const { DatabaseSync } = require("node:sqlite");
    const db = new DatabaseSync(process.argv[1]);
    db.exec("BEGIN IMMEDIATE");
    db.exec("UPDATE user SET name = name WHERE 0");
    console.log("locked");
    process.stdin.on("end", () => { db.exec("COMMIT"); db.close(); process.exit(0); });
    process.stdin.resume();
  `;
  const child = spawn(process.execPath, ["-e", script, databaseFile], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise<void>((done) => child.on("exit", () => done()));
  return {
    child,
    release: async () => {
      child.stdin?.end();
      await exited;
    },
  };
}

test("a locked database answers 503 within 5 s, signs nobody out, and recovers by itself", async () => {
  const dataDir = freshDir("locked");
  const port = portFor(85);
  const base = `http://localhost:${port}`;
  const server = await launchApp(port, dataDir, { LOG_LEVEL: "warn" });
  try {
    const email = "locked@example.com";
    const signUp = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "signup", name: "Lock Test", email, password }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const lock = holdWriteLock(join(dataDir, "app.db"));
    await new Promise<void>((ready) => lock.child.stdout?.once("data", () => ready()));
    try {
      let started = Date.now();
      expect(await postForm(base, { intent: "signin", email, password })).toBe(503);
      expect(Date.now() - started).toBeLessThan(5000);

      started = Date.now();
      const signOut = await fetch(`${base}/api/_auth/session`, {
        method: "DELETE",
        headers: { Origin: base, Cookie: cookie },
      });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(signOut.status).toBe(503);
      expect(signOut.headers.get("retry-after")).toBe("5");
      expect(await signOut.json()).toMatchObject({ error: "Service Unavailable" });

      // Reads still work (WAL): the visitor is still signed in, not logged out by accident.
      const session = await fetch(`${base}/api/_auth/session`, { headers: { Cookie: cookie } });
      expect(await session.json()).toHaveProperty("user.email", email);
    } finally {
      await lock.release();
    }

    expect(await postForm(base, { intent: "signin", email, password })).toBe(302);
    const signOut = await fetch(`${base}/api/_auth/session`, {
      method: "DELETE",
      headers: { Origin: base, Cookie: cookie },
    });
    expect(await signOut.json()).toEqual({ loggedOut: true });
  } finally {
    server.child.kill("SIGTERM");
    await server.exited;
  }
});
