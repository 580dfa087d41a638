/**
 * `npm run test:deploy`: the production front of docs/deploy.md, run and checked. nginx
 * with the site of docs/deploy/nginx.conf (rendered from that very file, with a self-signed
 * certificate for localhost) in front of two instances of the production build on a fresh
 * PostgreSQL database and Redis; then, over https through nginx, the checks of
 * scripts/test-deploy/ (checks.ts, account-checks.ts, nginx-checks.ts), one line each. Exits 1
 * when one fails; stops what it started and drops its database whatever happens. 5 to 25 s once
 * built, on 2 cores.
 *
 * Needs DATABASE_URL (a user that may create databases) and REDIS_URL, as .ci/run's second
 * run sets them; nginx (installed from Debian's packages when missing: root), openssl.
 */

import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase, type TestDatabase } from "../tests/fixtures/postgres.ts";
import { until } from "./outbox-account.ts";
import * as accountChecks from "./test-deploy/account-checks.ts";
import * as checks from "./test-deploy/checks.ts";
import { httpsClient } from "./test-deploy/client.ts";
import { freePorts, type Instance, startInstance, stopInstance } from "./test-deploy/instances.ts";
import { ensureNginx, type Nginx, selfSignedCertificate, startNginx } from "./test-deploy/nginx.ts";
import * as nginxChecks from "./test-deploy/nginx-checks.ts";
import { verifyUnit } from "./test-deploy/systemd.ts";

const started = Date.now();
if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
  console.error(
    "test:deploy needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis, as .ci/run's second run sets)",
  );
  process.exit(2);
}
if (!existsSync("build/server/main.js")) {
  console.log("No build: npm run build");
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), "test-deploy-"));
// nginx's workers run as another user when started as root: they must reach its temp folders.
chmodSync(dir, 0o755);
let database: TestDatabase | undefined;
let nginx: Nginx | undefined;
const instances: Instance[] = [];
let client: ReturnType<typeof httpsClient> | undefined;
let failures = 0;

/** Stops what the test started and removes what it made, once, whatever happened. */
let cleaning: Promise<void> | undefined;
function cleanUp() {
  cleaning ??= (async () => {
    client?.close();
    const steps: [string, () => Promise<unknown> | unknown][] = [
      ["stop nginx", () => nginx?.stop()],
      ["stop the instances", () => Promise.all(instances.map(stopInstance))],
      ["drop the database", () => database?.drop()],
      ["remove the temp folder", () => rmSync(dir, { recursive: true, force: true })],
    ];
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        failures += 1;
        console.log(`✗ clean-up: ${name}: ${error}`);
      }
    }
  })();
  return cleaning;
}
// Interrupted (Ctrl-C): clean up all the same.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    console.log(`${signal}: cleaning up`);
    cleanUp().then(() => process.exit(130));
  });

/** Runs one check and prints its line: ✓ or ✗, its name, what it saw. */
async function check(name: string, run: () => Promise<string> | string) {
  const at = Date.now();
  try {
    const detail = await run();
    console.log(`✓ ${name} (${Date.now() - at} ms)\n    ${detail}`);
  } catch (error) {
    failures += 1;
    console.log(`✗ ${name} (${Date.now() - at} ms)\n    ${error instanceof Error ? error.message : error}`);
  }
}

try {
  const binary = ensureNginx();
  const certificate = selfSignedCertificate(dir);
  chmodSync(certificate.key, 0o600);
  const [httpsPort = 0, httpPort = 0, portA = 0, portB = 0] = await freePorts(4);
  const appUrl = `https://localhost:${httpsPort}`;
  database = await createTestDatabase("test_deploy");
  const env = {
    NODE_ENV: "production",
    APP_URL: appUrl,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL,
    // nginx, on this host: its X-Forwarded-For is read, nobody else's.
    TRUST_PROXY: "127.0.0.1/32,::1/128",
    LOG_LEVEL: "warn",
    // Every request of this test comes from 127.0.0.1, and Redis's counters outlive a run.
    AUTH_RATE_LIMIT_PER_IP: "100000",
  };
  // Both at the same moment on the empty database, as a deployment starts them.
  const launch = async (name: string, port: number) => {
    const instance = await startInstance(name, port, dir, env);
    instances.push(instance);
    return instance;
  };
  const [a, b] = await Promise.all([launch("A", portA), launch("B", portB)]);
  const values = {
    APP_DOMAIN: "localhost",
    APP_URL: appUrl,
    HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
    HTTP_LISTEN: `127.0.0.1:${httpPort}`,
    TLS_CERTIFICATE: certificate.certificate,
    TLS_CERTIFICATE_KEY: certificate.key,
    INSTANCE_A: `127.0.0.1:${portA}`,
    INSTANCE_B: `127.0.0.1:${portB}`,
  };
  nginx = startNginx(binary, dir, values);
  client = httpsClient(httpsPort, certificate.pem);
  const front = { client, ca: certificate.pem, httpsPort, httpPort, a, b, nginx, database };
  console.log(
    `nginx on ${appUrl} (and http://127.0.0.1:${httpPort}) → A 127.0.0.1:${portA}, B 127.0.0.1:${portB}\n`,
  );

  await check(
    "nginx runs docs/deploy/nginx.conf, rendered (nginx -t), in front of both instances",
    async () => {
      // As monitoring on the host asks: /readyz is for 127.0.0.1 only.
      const monitor = httpsClient(httpsPort, certificate.pem, { sockets: 1, from: "127.0.0.1" });
      const ready = () =>
        monitor.request("/readyz").then(
          (answer) => answer.status === 200,
          () => false,
        );
      const answered = await until(ready, 10_000);
      monitor.close();
      if (!answered) throw new Error(`no /readyz through nginx:\n${nginx?.output()}`);
      return "GET /readyz through nginx from 127.0.0.1: 200";
    },
  );
  await check("/readyz refused to anyone else, in nginx's own 403", () =>
    nginxChecks.readyzForHostOnly(front),
  );
  await check("HTTP/2 over TLS", () => checks.http2(front));
  await check("TLS 1.3, and TLS 1.2 with forward-secret AEAD suites only", () => nginxChecks.tls(front));
  await check("plain HTTP is sent to https", () => checks.redirectToHttps(front));
  await check("sign-up and sign-in over https: Secure cookies, HSTS", () =>
    accountChecks.signUpAndSignIn(front),
  );
  await check("the client IP recorded is the one nginx saw", () => accountChecks.clientIp(front));
  await check("a peer other than nginx cannot pick its IP with X-Forwarded-For", () =>
    accountChecks.clientIpFromAnotherPeer(front),
  );
  await check("a session revoked through one instance is refused by both", () =>
    accountChecks.revocation(front),
  );
  await check("/assets/ cached for a year, immutable", () => checks.assets(front));
  await check("compression is the app's, never nginx's", () => checks.compressionIsTheApps(front));
  await check("systemd unit docs/deploy/react-starter@.service", () => verifyUnit());
  await check("SIGTERM to instance A under load: no GET lost (nginx retries idempotent requests only)", () =>
    checks.sigtermUnderLoad(front),
  );
  await check("nginx's own error answers carry the app's security headers: 413", () =>
    nginxChecks.oversizedBody(front),
  );
  await check("nginx's own error answers carry the app's security headers: 502, no instance left", () =>
    nginxChecks.noInstance(front),
  );
} catch (error) {
  failures += 1;
  console.log(`✗ setting up the front\n    ${error instanceof Error ? error.stack : error}`);
} finally {
  await cleanUp();
}
console.log(
  `\n${failures ? `${failures} failed` : "All passed"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
process.exit(failures ? 1 : 0);
