/**
 * The checks of `npm run test:deploy` on what nginx answers by itself, without the app: the
 * TLS it negotiates, and its own error answers, which must carry the app's security headers.
 */
import { readFileSync } from "node:fs";
import { type ConnectionOptions, connect } from "node:tls";
import { expect, expectStatus, type Front } from "./checks.ts";
import { type Answer, BROWSER_ADDRESS } from "./client.ts";
import { stopInstance } from "./instances.ts";
import { SITE_TEMPLATE } from "./nginx.ts";

/** The protocol and suite nginx agrees to with a client limited by `options`, or why it refused. */
function handshake(front: Front, options: ConnectionOptions) {
  return new Promise<{ protocol: string; cipher: string } | NodeJS.ErrnoException>((answered) => {
    const socket = connect(
      { host: "127.0.0.1", port: front.httpsPort, servername: "localhost", ca: front.ca, ...options },
      () => {
        answered({ protocol: socket.getProtocol() ?? "", cipher: socket.getCipher().name });
        socket.end();
      },
    );
    socket.on("error", answered);
  });
}

/** TLS 1.2 suites the site must refuse: CBC with a SHA MAC, which nginx's default list (HIGH) takes. */
const CBC_SUITES =
  "ECDHE-ECDSA-AES128-SHA:ECDHE-ECDSA-AES256-SHA:ECDHE-ECDSA-AES128-SHA256:ECDHE-ECDSA-AES256-SHA384";
/** The TLS 1.2 suites the site names (server/deploy-files.test.ts holds them to forward-secret AEAD). */
const siteSuites = () =>
  /^\s*ssl_ciphers (.+);$/m.exec(readFileSync(SITE_TEMPLATE, "utf8"))?.[1]?.split(":") ?? [];

export async function tls(front: Front) {
  const newest = await handshake(front, {});
  expect(
    !(newest instanceof Error) && newest.protocol === "TLSv1.3",
    `default handshake: ${JSON.stringify(newest)}`,
  );
  const tls12 = await handshake(front, { maxVersion: "TLSv1.2" });
  expect(
    !(tls12 instanceof Error) && tls12.protocol === "TLSv1.2" && siteSuites().includes(tls12.cipher),
    `TLS 1.2 handshake: ${tls12 instanceof Error ? tls12.message : `${tls12.protocol} ${tls12.cipher}`}`,
  );
  const cbc = await handshake(front, { maxVersion: "TLSv1.2", ciphers: CBC_SUITES });
  // Refused by nginx (its alert), not by the client's own rules.
  expect(
    cbc instanceof Error && /_ALERT_HANDSHAKE_FAILURE$/.test(cbc.code ?? ""),
    `a client offering only CBC suites: ${cbc instanceof Error ? cbc.code : `${cbc.protocol} ${cbc.cipher}`}`,
  );
  return `TLSv1.3 by default; TLSv1.2 with ${tls12.cipher}, one of the site's ssl_ciphers; a TLS 1.2 client offering only CBC suites refused (handshake failure)`;
}

/** The headers of server/security-headers.ts that do not depend on the page: nginx's must be the app's. */
const APP_HEADERS = [
  "x-content-type-options",
  "referrer-policy",
  "cross-origin-opener-policy",
  "x-frame-options",
  "permissions-policy",
  "strict-transport-security",
];

/** The app's values of `APP_HEADERS`, from one of its answers through nginx. */
async function appHeaders(front: Front) {
  const answer = await front.client.request("/healthz");
  expectStatus(answer, 200, "GET /healthz");
  return Object.fromEntries(APP_HEADERS.map((name) => [name, answer.headers[name]]));
}

/** Throws unless `answer` is nginx's own page for `status`, with the app's security headers. */
function expectNginxPage(answer: Answer, status: number, app: Record<string, unknown>, what: string) {
  expectStatus(answer, status, what);
  expect(answer.body.includes(`<title>Error ${status}</title>`), `${what}: ${answer.body.slice(0, 200)}`);
  const csp = String(answer.headers["content-security-policy"]);
  expect(
    csp.includes("default-src 'none'") && csp.includes("frame-ancestors 'none'"),
    `${what}: Content-Security-Policy ${csp}`,
  );
  for (const name of APP_HEADERS)
    expect(
      app[name] && answer.headers[name] === app[name],
      `${what}: ${name}: ${answer.headers[name]}, the app sends ${app[name]}`,
    );
}

export async function readyzForHostOnly(front: Front) {
  const app = await appHeaders(front);
  const answer = await front.client.request("/readyz");
  expectNginxPage(answer, 403, app, `GET /readyz from ${BROWSER_ADDRESS}`);
  return `GET /readyz from ${BROWSER_ADDRESS}: nginx's own 403, with the app's security headers`;
}

export async function oversizedBody(front: Front) {
  const app = await appHeaders(front);
  const answer = await front.client.request("/login", {
    method: "POST",
    headers: { Origin: front.client.origin },
    form: { intent: "signin", email: "a@example.com", password: "x".repeat(100_000) },
  });
  expectNginxPage(answer, 413, app, "a 100 kB sign-in");
  return `a 100 kB body: nginx's own 413, with "${answer.headers["content-security-policy"]}" and the app's ${APP_HEADERS.length} other security headers`;
}

/** Stops both instances: the last check. */
export async function noInstance(front: Front) {
  const app = await appHeaders(front);
  await Promise.all([front.a, front.b].map(stopInstance));
  const answer = await front.client.request("/login");
  expectNginxPage(answer, 502, app, "GET /login with both instances stopped");
  return `both instances stopped: nginx's own 502, with the app's ${APP_HEADERS.length} security headers and a CSP of its own`;
}
