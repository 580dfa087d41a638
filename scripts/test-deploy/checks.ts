/**
 * The checks of `npm run test:deploy`, each through nginx over https as a browser would
 * come. Each answers one line saying what it saw, or throws saying what was wrong.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { TestDatabase } from "../../tests/fixtures/postgres.ts";
import { until } from "../outbox-account.ts";
import {
  type Answer,
  BROWSER_ADDRESS,
  cookiesOf,
  http2Get,
  httpRequestTo,
  type httpsClient,
} from "./client.ts";
import { type Instance, signUpCode } from "./instances.ts";
import type { Nginx } from "./nginx.ts";

export type Front = {
  client: ReturnType<typeof httpsClient>;
  ca: string;
  httpsPort: number;
  httpPort: number;
  a: Instance;
  b: Instance;
  nginx: Nginx;
  database: TestDatabase;
};

/** What a client claims to be (documentation range, RFC 5737): the app must not believe it. */
const SPOOFED_IP = "203.0.113.9";
const HSTS = "max-age=63072000; includeSubDomains";
const IMMUTABLE = "public, max-age=31536000, immutable";

export function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
export const expectStatus = (answer: Answer, status: number, what: string) =>
  expect(
    answer.status === status,
    `${what}: ${answer.status}, expected ${status} ${answer.body.slice(0, 200)}`,
  );

export async function http2(front: Front) {
  const { protocol, status } = await http2Get(front.httpsPort, front.ca, "/login");
  expect(protocol === "h2" && status === 200, `ALPN ${protocol || "none"}, GET /login ${status}`);
  return "ALPN h2, GET /login 200 over HTTP/2";
}

export async function redirectToHttps(front: Front) {
  const answer = await httpRequestTo(front.httpPort, "/login?from=http", {
    headers: { Host: "localhost" },
  });
  const location = answer.headers.location;
  expectStatus(answer, 301, "GET http://…/login");
  expect(location === `${front.client.origin}/login?from=http`, `Location ${location}`);
  return `http:// answers 301 to ${location}`;
}

/** The account the next checks use, and its session cookie once signed in. */
const account = {
  name: "Deploy Test",
  email: `deploy-${randomUUID()}@example.com`,
  password: "correct horse battery",
};
let sessionCookie = "";

export async function signUpAndSignIn(front: Front) {
  const { client } = front;
  const post = (path: string, form: Record<string, string>, cookie = "") =>
    client.request(path, {
      method: "POST",
      form,
      headers: {
        Origin: client.origin,
        "X-Forwarded-For": SPOOFED_IP,
        ...(cookie ? { Cookie: cookie } : {}),
      },
    });
  const started = await post("/login", { intent: "signup", ...account });
  expectStatus(started, 302, "Create account");
  const id = new URL(started.headers.location ?? "", client.origin).searchParams.get("id") ?? "";
  const code = await signUpCode([front.a, front.b], account.email);
  const confirmed = await post("/confirm-sign-up", { intent: "confirm", id, code }, cookiesOf(started));
  expectStatus(confirmed, 302, "the mailed code");
  const signedIn = await post("/login", {
    intent: "signin",
    email: account.email,
    password: account.password,
  });
  expectStatus(signedIn, 302, "Sign in");
  expect(signedIn.headers.location === "/dashboard", `Sign in led to ${signedIn.headers.location}`);
  sessionCookie = cookiesOf(signedIn);
  const session = await client.request("/api/_auth/session", { headers: { Cookie: sessionCookie } });
  expect(
    (JSON.parse(session.body) as { user?: { email: string } }).user?.email === account.email,
    `the session reads ${session.body}`,
  );

  const answers = [started, confirmed, signedIn, session];
  for (const answer of answers)
    expect(
      answer.headers["strict-transport-security"] === HSTS,
      `HSTS: ${answer.headers["strict-transport-security"]}`,
    );
  const cookies = answers.flatMap((answer) => answer.headers["set-cookie"] ?? []);
  const insecure = cookies.filter((cookie) => !/;\s*secure(;|$)/i.test(cookie));
  expect(insecure.length === 0, `cookies without Secure: ${insecure.join(" | ")}`);
  const names = [...new Set(cookies.map((cookie) => cookie.split("=")[0]))];
  expect(
    names.some((name) => name?.startsWith("__Secure-") && name.includes("session_token")),
    `no __Secure- session cookie among ${names}`,
  );
  return `${cookies.length} cookies set, every one Secure (${names.join(", ")}); HSTS "${HSTS}" on all ${answers.length} answers`;
}

/** The IPs recorded for the test's account: its activity (oldest first), then its sessions. */
async function recordedIps(front: Front): Promise<{ activity: string[]; sessions: string[] }> {
  const db = new pg.Client({ connectionString: front.database.url });
  await db.connect();
  try {
    const ofUser = `JOIN "user" u ON u.id = t."userId" WHERE u.email = $1`;
    const activity = await db.query<{ ip: string }>(`SELECT t.ip FROM activity t ${ofUser} ORDER BY t.id`, [
      account.email,
    ]);
    const sessions = await db.query<{ ip: string }>(`SELECT t."ipAddress" AS ip FROM session t ${ofUser}`, [
      account.email,
    ]);
    return { activity: activity.rows.map((row) => row.ip), sessions: sessions.rows.map((row) => row.ip) };
  } finally {
    await db.end();
  }
}

export async function clientIp(front: Front) {
  expect(sessionCookie, "needs the session of the sign-in check");
  const { activity, sessions } = await recordedIps(front);
  const recorded = [...activity, ...sessions];
  expect(activity.length >= 2 && sessions.length >= 2, `recorded: ${recorded.join(", ")}`);
  expect(
    recorded.every((ip) => ip === BROWSER_ADDRESS),
    `recorded ${recorded.join(", ")}; nginx saw ${BROWSER_ADDRESS}, the client claimed ${SPOOFED_IP}`,
  );
  const dashboard = await front.client.request("/dashboard", {
    headers: { Cookie: sessionCookie, "X-Forwarded-For": SPOOFED_IP },
  });
  expectStatus(dashboard, 200, "GET /dashboard");
  expect(
    dashboard.body.includes(BROWSER_ADDRESS),
    `the dashboard's Recent activity shows no ${BROWSER_ADDRESS}`,
  );
  expect(!dashboard.body.includes(SPOOFED_IP), `the dashboard shows ${SPOOFED_IP}`);
  return `activity (sign-up, sign-in) and both sessions recorded ${BROWSER_ADDRESS}, as the dashboard shows; the client's X-Forwarded-For: ${SPOOFED_IP} nowhere`;
}

/** A peer of this host that is neither nginx (127.0.0.1, in TRUST_PROXY) nor the browser. */
const OTHER_PEER = "127.0.0.3";

export async function clientIpFromAnotherPeer(front: Front) {
  expect(sessionCookie, "needs the account of the sign-in check");
  // Straight to instance A, as anyone could if it listened beyond loopback, forging the header.
  const direct = { localAddress: OTHER_PEER, headers: { "X-Forwarded-For": SPOOFED_IP } };
  const signedIn = await httpRequestTo(front.a.port, "/login", {
    ...direct,
    method: "POST",
    headers: { ...direct.headers, Origin: front.client.origin },
    form: { intent: "signin", email: account.email, password: account.password },
  });
  expectStatus(signedIn, 302, `Sign in at instance A from ${OTHER_PEER}`);
  const dashboard = await httpRequestTo(front.a.port, "/dashboard", {
    ...direct,
    headers: { ...direct.headers, Cookie: cookiesOf(signedIn) },
  });
  expectStatus(dashboard, 200, `GET /dashboard at instance A from ${OTHER_PEER}`);
  const { activity, sessions } = await recordedIps(front);
  const recorded = [...activity, ...sessions];
  expect(
    activity.at(-1) === OTHER_PEER && sessions.includes(OTHER_PEER) && !recorded.includes(SPOOFED_IP),
    `recorded ${recorded.join(", ")}; the peer was ${OTHER_PEER}, it claimed ${SPOOFED_IP}`,
  );
  expect(!dashboard.body.includes(SPOOFED_IP), `the dashboard shows ${SPOOFED_IP}`);
  return `a sign-in at instance A from ${OTHER_PEER} (not a trusted proxy) with X-Forwarded-For: ${SPOOFED_IP} is recorded as ${OTHER_PEER}, in the activity and the session`;
}

/** Whom instance `port` sees signed in with the session cookie, asked directly (not through nginx). */
async function signedInAt(port: number): Promise<string | undefined> {
  const answer = await httpRequestTo(port, "/api/_auth/session", { headers: { Cookie: sessionCookie } });
  return (JSON.parse(answer.body) as { user?: { email: string } }).user?.email;
}

export async function revocation(front: Front) {
  expect(sessionCookie, "needs the session of the sign-in check");
  const { a, b, client } = front;
  for (const instance of [a, b])
    expect(
      (await signedInAt(instance.port)) === account.email,
      `instance ${instance.name} does not know the session`,
    );
  const revoked = await client.request("/api/_auth/session", {
    method: "DELETE",
    headers: { Origin: client.origin, Cookie: sessionCookie },
  });
  expect(revoked.body === '{"loggedOut":true}', `DELETE answered ${revoked.status} ${revoked.body}`);
  const through = await client.request("/api/_auth/session", { headers: { Cookie: sessionCookie } });
  // nginx has logged the DELETE by the time it answered the next request.
  const by = front.nginx
    .log()
    .filter((entry) => entry.method === "DELETE")
    .at(-1)
    ?.upstreams.at(-1);
  for (const instance of [a, b])
    expect(
      (await signedInAt(instance.port)) === undefined,
      `instance ${instance.name} still knows the session`,
    );
  expect(through.body === "{}", `through nginx the session still reads ${through.body}`);
  const name = by === `127.0.0.1:${a.port}` ? "A" : by === `127.0.0.1:${b.port}` ? "B" : by;
  return `revoked through nginx (instance ${name} took it): refused by A and by B, each asked directly, and through nginx`;
}

export async function assets(front: Front) {
  const { client } = front;
  const page = await client.request("/login");
  const path = /\/assets\/[\w.-]+\.js/.exec(page.body)?.[0];
  expect(path, "no /assets/…js in /login");
  const file = await client.request(path, { headers: { "Accept-Encoding": "br, gzip" } });
  expectStatus(file, 200, `GET ${path}`);
  expect(
    file.headers["cache-control"] === IMMUTABLE,
    `${path}: Cache-Control ${file.headers["cache-control"]}`,
  );
  const missing = await client.request("/assets/missing-00000000.js");
  expectStatus(missing, 404, "a missing asset");
  expect(missing.headers["cache-control"] !== IMMUTABLE, "a missing asset is cached for a year");
  return `${path}: "${IMMUTABLE}" (${file.headers["content-encoding"] ?? "identity"}, as the app sent it); a missing name: 404 without it`;
}

export async function compressionIsTheApps(front: Front) {
  const gzip = { headers: { "Accept-Encoding": "gzip" } };
  // robots.txt is too small for the app to compress; the test's nginx.conf has a server-wide
  // `gzip on` for text/plain, which the site's `gzip off` must keep away.
  const direct = await httpRequestTo(front.a.port, "/robots.txt", gzip);
  const proxied = await front.client.request("/robots.txt", gzip);
  expectStatus(proxied, 200, "GET /robots.txt");
  expect(
    !direct.headers["content-encoding"],
    `the app compressed robots.txt: ${direct.headers["content-encoding"]}`,
  );
  expect(
    !proxied.headers["content-encoding"],
    `nginx compressed robots.txt: ${proxied.headers["content-encoding"]}`,
  );
  const page = await front.client.request("/login", { headers: { "Accept-Encoding": "br" } });
  expect(page.headers["content-encoding"] === "br", `/login came as ${page.headers["content-encoding"]}`);
  return "/robots.txt left as the app sent it (despite a server-wide gzip on); /login in the app's brotli";
}

/**
 * GETs of /login from 16 connections at once, SIGTERM to instance A after the first 50
 * answers, until A has exited (and at least 200 in all). nginx retries on B what A refused
 * or cut: idempotent requests only, which is why this load is GETs.
 */
export async function sigtermUnderLoad(front: Front) {
  const { a, client } = front;
  const statuses = new Map<string, number>();
  let answered = 0;
  let aExited: number | undefined;
  let signalled = 0;
  const exitCode = a.exited.then((code) => {
    aExited = Date.now();
    return code;
  });
  const done = () => answered >= 200 && aExited !== undefined && Date.now() - aExited > 200;
  const worker = async () => {
    while (!done() && answered < 5000) {
      const status = await client.request("/login").then(
        (answer) => String(answer.status),
        (error: Error) => error.message,
      );
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      answered += 1;
    }
  };
  const workers = Array.from({ length: 16 }, worker);
  await until(() => answered >= 50, 30_000);
  signalled = Date.now();
  a.child.kill("SIGTERM");
  await Promise.all(workers);
  const code = await exitCode;

  const aAddress = `127.0.0.1:${a.port}`;
  const during = front.nginx.log().filter((entry) => entry.uri === "/login" && entry.at >= signalled);
  const retried = during.filter((entry) => entry.upstreams.length > 1).length;
  const byAAfterSignal = during.filter((entry) => entry.upstreams.at(-1) === aAddress).length;
  const summary = [...statuses].map(([status, count]) => `${count}×${status}`).join(" ");
  expect(statuses.size === 1 && statuses.has("200"), `answers: ${summary}`);
  expect(code === 0, `instance A exited with ${code}:\n${a.output().slice(-2000)}`);
  expect(retried > 0, "nginx retried nothing: the check proved nothing");
  return `${answered} GETs: ${summary}; A answered ${byAAfterSignal} after its SIGTERM and exited 0 in ${
    (aExited ?? 0) - signalled
  } ms; nginx retried ${retried} on B`;
}
