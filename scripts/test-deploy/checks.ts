/**
 * The checks of `npm run test:deploy`, each through nginx over https as a browser would
 * come. Each answers one line saying what it saw, or throws saying what was wrong.
 */
import type { TestDatabase } from "../../tests/fixtures/postgres.ts";
import { until } from "../outbox-account.ts";
import { type Answer, http2Get, httpRequestTo, type httpsClient } from "./client.ts";
import type { Instance } from "./instances.ts";
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
