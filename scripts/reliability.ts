/**
 * `npm run reliability`: breaks the production build on purpose and prints
 * one line per fault with what was lost or failed. Not part of `npm test`
 * (the suite runs the outage cases as end-to-end tests); loopback only,
 * about two minutes.
 *
 * Always on SQLite. On PostgreSQL + Redis too when `DATABASE_URL` and
 * `REDIS_URL` are set: each run gets a database of its own, and Redis is a
 * `redis-server` this script starts on a port of its own (so stopping it
 * stops nobody else's). Stopping PostgreSQL stops it for the whole machine:
 * only with `RELIABILITY_POSTGRES_CLUSTER="15 main"` (Debian's
 * `pg_ctlcluster`, as root).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { Agent, get as httpGet } from "node:http";
import { join } from "node:path";
import pg from "pg";
import { createAccountThroughOutbox, outboxMails, postForm, until } from "./outbox-account.ts";
import { ownRedis, type Server, startServer, stop } from "./reliability/processes.ts";

const password = "correct horse battery";
const cluster = process.env.RELIABILITY_POSTGRES_CLUSTER?.split(" ").filter(Boolean) ?? [];

const form = (base: string, fields: Record<string, string>) =>
  postForm(base, "/login", fields).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

const signUp = (base: string, email: string) =>
  form(base, { intent: "signup", name: "Reliability", email, password });

/** An account, email first: the code read from the outbox. Returns its address. */
async function createAccount(server: Server): Promise<string> {
  const email = `account-${Date.now()}@example.com`;
  await createAccountThroughOutbox(server, { name: "Reliability", email, password });
  return email;
}

/** Addresses with a sign-up code mail in the outbox folder. */
function mailedAddresses(dataDir: string): Set<string> {
  return new Set(outboxMails(dataDir).map((text) => text.match(/^To: (\S+)$/m)?.[1] ?? ""));
}

/** kill -9 during a burst of sign-ups: every one answered must get its code mail after a restart. */
async function killMidWrite(env: Record<string, string>): Promise<string> {
  const server = await startServer(env);
  const answered: string[] = [];
  const burst = Array.from({ length: 150 }, (_, index) => {
    const email = `burst-${index}-${Date.now()}@example.com`;
    return signUp(server.base, email)
      .then((status) => {
        if (status === 302) answered.push(email);
      })
      .catch(() => {});
  });
  await until(() => answered.length >= 40, 60_000);
  server.child.kill("SIGKILL");
  await Promise.all(burst);
  await server.exited;
  const again = await startServer(env, server.dataDir);
  await until(() => answered.every((email) => mailedAddresses(server.dataDir).has(email)), 30_000);
  const lost = answered.filter((email) => !mailedAddresses(server.dataDir).has(email)).length;
  await stop(again);
  return `${answered.length} sign-ups answered before the kill, ${lost} of their code mails lost`;
}

/** SIGTERM while keep-alive clients keep asking: nothing answered with a reset, exit 0. */
async function sigtermUnderLoad(env: Record<string, string>): Promise<string> {
  const server = await startServer(env);
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  const counts = { answered: 0, reset: 0, refused: 0 };
  let running = true;
  const ask = () =>
    new Promise<void>((done) => {
      httpGet(`${server.base}/login`, { agent }, (response) => {
        response.resume();
        response.on("end", () => {
          counts.answered += 1;
          done();
        });
      }).on("error", (error: NodeJS.ErrnoException) => {
        // A new connection refused is right once the server stops accepting; a reset is a lost answer.
        if (error.code === "ECONNREFUSED") {
          counts.refused += 1;
          running = false;
        } else counts.reset += 1;
        done();
      });
    });
  const loops = Array.from({ length: 20 }, async () => {
    while (running) await ask();
  });
  await until(() => counts.answered > 200, 30_000);
  const signalled = Date.now();
  server.child.kill("SIGTERM");
  const code = await server.exited;
  const stoppedMs = Date.now() - signalled;
  running = false;
  await Promise.all(loops);
  agent.destroy();
  return `${counts.answered} answered, ${counts.reset} reset, exit ${code} ${stoppedMs} ms after SIGTERM`;
}

/** Sign-ins (each a new session: a write) during `outage`: answers by status, the slowest, and /healthz's. */
async function duringOutage(server: Server, outage: () => Promise<void>) {
  const account = await createAccount(server);
  const statuses = new Map<string, number>();
  let slowest = 0;
  let healthSlowest = 0;
  let running = true;
  const load = (async () => {
    while (running) {
      const started = Date.now();
      const status = await form(server.base, { intent: "signin", email: account, password }).catch(() => 0);
      slowest = Math.max(slowest, Date.now() - started);
      statuses.set(String(status || "no answer"), (statuses.get(String(status || "no answer")) ?? 0) + 1);
      const asked = Date.now();
      await fetch(`${server.base}/healthz`).catch(() => {});
      healthSlowest = Math.max(healthSlowest, Date.now() - asked);
    }
  })();
  await outage();
  running = false;
  await load;
  const recovered = await until(
    async () => (await fetch(`${server.base}/readyz`).catch(() => null))?.status === 200,
    30_000,
  );
  const summary = [...statuses].map(([status, count]) => `${count}×${status}`).join(" ");
  return `${summary}; slowest ${slowest} ms, /healthz slowest ${healthSlowest} ms; ${
    server.child.exitCode === null ? "process alive" : "PROCESS DIED"
  }, ${recovered ? "ready again" : "NOT READY AGAIN"}`;
}

/** SQLite: another process holds the write lock for 5 s. */
async function sqliteLocked(env: Record<string, string>): Promise<string> {
  const server = await startServer(env);
  const line = await duringOutage(server, async () => {
    const holder = spawn(
      process.execPath,
      [
        "-e",
        `const db = new (require("node:sqlite").DatabaseSync)(process.argv[1]); db.exec("BEGIN IMMEDIATE"); setTimeout(() => db.exec("COMMIT"), 5000);`,
        join(server.dataDir, "app.db"),
      ],
      { stdio: "ignore" },
    );
    await new Promise((done) => holder.on("exit", done));
  });
  await stop(server);
  return `locked by another writer for 5 s: ${line}`;
}

/** PostgreSQL stopped (fast) for 5 s, then started. */
async function postgresStopped(env: Record<string, string>): Promise<string> {
  if (cluster.length === 0)
    return "skipped: set RELIABILITY_POSTGRES_CLUSTER (it stops PostgreSQL for the machine)";
  const server = await startServer(env);
  const line = await duringOutage(server, async () => {
    execFileSync("pg_ctlcluster", [...cluster, "stop", "-m", "fast"]);
    await new Promise((resume) => setTimeout(resume, 5000));
    execFileSync("pg_ctlcluster", [...cluster, "start"]);
  });
  await stop(server);
  return `fast stop for 5 s: ${line}`;
}

/** Our own Redis killed for 5 s, then frozen (SIGSTOP) for 3 s: limits go local, then shared again. */
async function redisFaults(
  env: Record<string, string>,
  redis: { restart: () => Promise<void>; process: () => ChildProcess },
) {
  const server = await startServer(env);
  /** When the log last said Redis is back (its record's own time). */
  const backAt = () => {
    const line = server
      .output()
      .split("\n")
      .filter((text) => text.includes("Redis is back"))
      .at(-1);
    return line ? Date.parse((JSON.parse(line) as { time: string }).time) : 0;
  };
  let faultEnded = 0;
  const lines: string[] = [];
  for (const [name, fault] of [
    [
      "killed for 5 s",
      async () => {
        redis.process().kill("SIGKILL");
        await new Promise((resume) => setTimeout(resume, 5000));
        await redis.restart();
        faultEnded = Date.now();
      },
    ],
    [
      "frozen (SIGSTOP) for 3 s",
      async () => {
        redis.process().kill("SIGSTOP");
        await new Promise((resume) => setTimeout(resume, 3000));
        redis.process().kill("SIGCONT");
        faultEnded = Date.now();
      },
    ],
  ] as const) {
    const line = await duringOutage(server, fault);
    const shared = await until(() => backAt() >= faultEnded - 1000, 10_000);
    lines.push(
      `${name}: ${line}; ${shared ? `shared counting again ${Math.max(0, backAt() - faultEnded)} ms after` : "NEVER SHARED AGAIN"}`,
    );
  }
  await stop(server);
  return lines;
}

function print(storage: string, fault: string, line: string) {
  console.log(`${storage.padEnd(19)} ${fault.padEnd(22)} ${line}`);
}

const sqlite = { AUTH_SECRET: "r".repeat(43) };
print("SQLite", "kill -9 mid-write", await killMidWrite(sqlite));
print("SQLite", "SIGTERM under load", await sigtermUnderLoad(sqlite));
print("SQLite", "database locked", await sqliteLocked(sqlite));

if (process.env.DATABASE_URL && process.env.REDIS_URL) {
  // A client per statement: this script's own connection must not outlive a stop either.
  const administer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      return await admin.query<{ datname: string }>(statement);
    } finally {
      await admin.end();
    }
  };
  const redis = await ownRedis();
  const database = async () => {
    const name = `reliability_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    await administer(`CREATE DATABASE "${name}"`);
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = `/${name}`;
    return { DATABASE_URL: url.toString(), REDIS_URL: redis.url, AUTH_SECRET: "r".repeat(43) };
  };
  const storage = "PostgreSQL + Redis";
  try {
    print(storage, "kill -9 mid-write", await killMidWrite(await database()));
    print(storage, "SIGTERM under load", await sigtermUnderLoad(await database()));
    print(storage, "database stop/start", await postgresStopped(await database()));
    for (const line of await redisFaults(await database(), redis)) print(storage, "Redis stop/start", line);
  } finally {
    redis.stop();
    const { rows } = await administer("SELECT datname FROM pg_database WHERE datname LIKE 'reliability_%'");
    for (const { datname } of rows) await administer(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
} else {
  print("PostgreSQL + Redis", "all", "skipped: set DATABASE_URL and REDIS_URL");
}
