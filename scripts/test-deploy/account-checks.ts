/**
 * The checks of `npm run test:deploy` that sign one account up and in through nginx and follow
 * it: its cookies, the client IP the app records for it, and its session revoked on both
 * instances. They run in order: the later ones use the first one's session.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { expect, expectStatus, type Front } from "./checks.ts";
import { BROWSER_ADDRESS, cookiesOf, httpRequestTo } from "./client.ts";
import { signUpCode } from "./instances.ts";

/** What a client claims to be (documentation range, RFC 5737): the app must not believe it. */
const SPOOFED_IP = "203.0.113.9";
const HSTS = "max-age=63072000; includeSubDomains";

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
