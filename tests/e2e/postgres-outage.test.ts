import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { newAccount } from "../fixtures/accounts";
import { type Instance, launchInstances, sessionAt, signUpAt } from "../fixtures/instances";
import { administer, createTestDatabase, type TestDatabase } from "../fixtures/postgres";
import { stopServer } from "../fixtures/server-process";

/**
 * The PostgreSQL cluster this test may stop and start (`15 main`), through
 * Debian's `pg_ctlcluster` as root. Only `.ci/run` says so: stopping the
 * database stops it for everything else on the machine. The project
 * `postgres-outage` (playwright.config.ts) runs this file alone, after
 * the rest of the suite.
 */
const cluster = process.env.E2E_POSTGRES_CLUSTER?.split(" ").filter(Boolean) ?? [];

const pgCtlCluster = (action: "start" | "stop" | "restart", mode: "fast" | "immediate" = "fast") =>
  execFileSync("pg_ctlcluster", [...cluster, action, ...(action === "start" ? [] : ["-m", mode])], {
    stdio: "inherit",
  });

const OUTAGE_ANSWER_MS = 5000;

// One database and two instances for the file, and one cluster to stop: one test at a time.
test.describe.configure({ mode: "serial" });

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

/**
 * Session lookups from `workers` loops at every instance until `stop()`:
 * queries always in flight, so a connection is ended mid-query or just
 * after its last reply. Counts the answers by status; a failed fetch (the
 * process gone) counts as "no answer".
 */
function keepAsking(cookie: string, workers = 4) {
  const answers = new Map<string, number>();
  let running = true;
  const loop = async (base: string) => {
    while (running) {
      const status = await fetch(`${base}/api/_auth/session`, { headers: { Cookie: cookie } })
        .then(async (response) => {
          await response.arrayBuffer();
          return String(response.status);
        })
        .catch(() => "no answer");
      answers.set(status, (answers.get(status) ?? 0) + 1);
    }
  };
  const loops = instances.flatMap(({ base }) => Array.from({ length: workers }, () => loop(base)));
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

test("no way of losing PostgreSQL ends the process: stops, a restart and killed connections, under load", async () => {
  test.setTimeout(240_000);
  const account = newAccount();
  const cookie = await signUpAt(instances[0]?.base ?? "", account);
  /** `restore` undefined: the fault ends by itself, and need not be seen as an outage. */
  const lose = async (name: string, inject: () => Promise<unknown> | unknown, restore?: () => void) => {
    const load = keepAsking(cookie);
    // Queries in flight and connections idle in the pool when it happens.
    await expect.poll(() => load.answers.get("200") ?? 0).toBeGreaterThan(20);
    try {
      await inject();
      if (restore)
        await expect.poll(() => load.answers.get("503") ?? 0, { message: name }).toBeGreaterThan(0);
    } finally {
      restore?.();
    }
    for (const { base } of instances) {
      await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 30_000 }).toBe(200);
    }
    const before = load.answers.get("200") ?? 0;
    await expect.poll(() => load.answers.get("200") ?? 0, { message: name }).toBeGreaterThan(before + 20);
    await load.stop();
    // Only answers: signed in, or 503 while the database was away. Never a 500 or a dead process.
    expect(
      [...load.answers.keys()].filter((status) => status !== "503"),
      name,
    ).toEqual(["200"]);
    for (const { server } of instances) expect(server.child.exitCode, name).toBeNull();
  };

  const start = () => pgCtlCluster("start");
  await lose("a fast stop", () => pgCtlCluster("stop", "fast"), start);
  await lose("an immediate stop", () => pgCtlCluster("stop", "immediate"), start);
  await lose("a restart", () => pgCtlCluster("restart", "fast"));
  // The database stays up; the app's connections are killed (a proxy or network drop does the same).
  await lose("connections terminated", () =>
    administer([
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${database.name}' AND pid <> pg_backend_pid()`,
    ]),
  );
});

test("PostgreSQL frozen (SIGSTOP): every request is answered within 5 s, more of them at once than the pool has connections", async () => {
  test.setTimeout(90_000);
  const account = newAccount();
  const cookie = await signUpAt(instances[0]?.base ?? "", account);
  const base = instances[0]?.base ?? "";
  // Every process of the cluster: connections stay open, nothing answers.
  const postgres = execFileSync("pgrep", ["-u", "postgres"], { encoding: "utf8" }).trim().split(/\s+/);
  const signal = (name: "STOP" | "CONT") => execFileSync("kill", [`-${name}`, ...postgres]);
  signal("STOP");
  let answers: Awaited<ReturnType<typeof timed>>[] = [];
  try {
    // 30 at once against a pool of 10: most wait for a connection first.
    answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        timed(() => fetch(`${base}/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" })),
      ),
    );
  } finally {
    signal("CONT");
  }
  expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 503));
  expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(OUTAGE_ANSWER_MS);
  await expect.poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 20_000 }).toBe(200);
  expect((await sessionAt(base, cookie)).body).toHaveProperty("user.email", account.email);
});
