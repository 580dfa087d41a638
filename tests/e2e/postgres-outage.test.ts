import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { type Instance, launchInstances, sessionAt, signUpAt } from "../fixtures/instances";
import { createTestDatabase, type TestDatabase } from "../fixtures/postgres";
import { stopServer } from "../fixtures/server-process";

/**
 * The PostgreSQL cluster this test may stop and start (`15 main`), through
 * Debian's `pg_ctlcluster` as root. Only `.ci/run` says so: stopping the
 * database stops it for everything else on the machine. The project
 * `postgres-outage` (playwright.config.ts) runs this file alone, after
 * the rest of the suite.
 */
const cluster = process.env.E2E_POSTGRES_CLUSTER?.split(" ").filter(Boolean) ?? [];

const pgCtlCluster = (action: "start" | "stop") =>
  execFileSync("pg_ctlcluster", [...cluster, action, ...(action === "stop" ? ["-m", "fast"] : [])], {
    stdio: "inherit",
  });

const OUTAGE_ANSWER_MS = 5000;

/** Runs `request` and says how it was answered and how fast. */
async function timed(request: () => Promise<Response>) {
  const started = Date.now();
  const response = await request();
  const body = await response.text();
  return { status: response.status, ms: Date.now() - started, body, headers: response.headers };
}

let database: TestDatabase;
let instances: Instance[] = [];

test.beforeAll(async () => {
  database = await createTestDatabase("e2e_outage");
  instances = await launchInstances([65, 66], {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? "",
  });
});

test.afterAll(async () => {
  await Promise.all(instances.map(({ server }) => stopServer(server)));
  await database?.drop();
});

test("PostgreSQL stopped: both instances answer 503 within 5 s and are not ready; started again, both recover without a restart", async () => {
  test.setTimeout(90_000);
  const account = newAccount();
  const cookie = await signUpAt(instances[0]?.base ?? "", account);

  pgCtlCluster("stop");
  try {
    for (const { base } of instances) {
      const session = await timed(() => fetch(`${base}/api/_auth/session`, { headers: { Cookie: cookie } }));
      expect(session.status, base).toBe(503);
      expect(session.ms).toBeLessThan(OUTAGE_ANSWER_MS);
      expect(session.headers.get("retry-after")).toBe("5");
      expect(JSON.parse(session.body)).toMatchObject({ error: "Service Unavailable" });

      const page = await timed(() =>
        fetch(`${base}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" }),
      );
      expect(page.status, "a signed-in page is neither served nor a sign-out").toBe(503);
      expect(page.ms).toBeLessThan(OUTAGE_ANSWER_MS);
      expect(page.body).toContain("<html");

      const signIn = await timed(() =>
        fetch(`${base}/login`, {
          method: "POST",
          redirect: "manual",
          headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "signin", email: account.email, password: account.password }),
        }),
      );
      expect(signIn.status).toBe(503);
      expect(signIn.ms).toBeLessThan(OUTAGE_ANSWER_MS);

      const ready = await timed(() => fetch(`${base}/readyz`));
      expect(ready.status).toBe(503);
      expect(ready.ms).toBeLessThan(OUTAGE_ANSWER_MS);
      expect(JSON.parse(ready.body)).toEqual({ ready: false, reason: "database unavailable" });

      // The process itself is alive: the load balancer should wait, not restart it.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    }
    for (const { server } of instances) {
      // Logged as one JSON line per request, not a stack trace each.
      expect(server.output()).toContain('"msg":"database unavailable"');
      expect(server.output()).not.toMatch(/^\s+at /m);
    }
  } finally {
    pgCtlCluster("start");
  }

  for (const { base } of instances) {
    await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 20_000 }).toBe(200);
    // Still signed in: the outage signed nobody out.
    expect((await sessionAt(base, cookie)).body).toHaveProperty("user.email", account.email);
    const signIn = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "signin", email: account.email, password: account.password }),
    });
    expect(signIn.status).toBe(302);
  }
});
