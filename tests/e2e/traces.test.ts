import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { expect, test } from "@playwright/test";
import { type ReceivedSpan, startOtlpReceiver } from "../fixtures/otlp-receiver";
import {
  freshDir,
  launchApp,
  portFor,
  type ServerProcess,
  signUpCodeInOutbox,
  stopServer,
} from "../fixtures/server-process";

/**
 * Traces (docs/deploy.md#traces), against the production build: a local
 * OTLP/HTTP receiver stands in for the collector. Each server is started
 * with a module hook (`--import`) that lists every module Node loads, so
 * "off costs nothing" is checked on what the process really loaded.
 */
const RECORD_MODULES = resolve("tests/fixtures/record-loaded-modules.ts");

/** Text only OpenTelemetry's own code holds (its API's global key, the SDK's batching): how its modules are told apart in the bundled build. */
const OPENTELEMETRY_CODE = /opentelemetry\.js\.api|BatchSpanProcessor/;

/** The build's files that hold OpenTelemetry's code among those `server` loaded (it must have stopped). */
function openTelemetryLoaded(dataDir: string): string[] {
  const loaded = readFileSync(join(dataDir, "loaded-modules.txt"), "utf8").split("\n");
  return loaded
    .filter((url) => url.startsWith("file:"))
    .filter((url) => OPENTELEMETRY_CODE.test(readFileSync(new URL(url), "utf8")))
    .map((url) => url.slice(url.lastIndexOf("/") + 1));
}

/** Starts the build with `env`, its modules recorded, its data in a fresh folder. */
async function launchRecorded(slot: number, env: Record<string, string>) {
  const dataDir = freshDir("traces");
  const port = portFor(slot);
  const server = await launchApp(port, dataDir, {
    NODE_OPTIONS: `--import=${RECORD_MODULES}`,
    LOADED_MODULES_FILE: join(dataDir, "loaded-modules.txt"),
    ...env,
  });
  return { server, dataDir, base: `http://localhost:${port}` };
}

/** "Create account" as the no-JavaScript form posts it: a request that mails a code. */
async function startSignUp(base: string, account: { name: string; email: string; password: string }) {
  const response = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signup", ...account }),
  });
  expect(response.status).toBe(302);
}

/** The JSON log line of the request `method path` in the server's output. */
function logLineOf(server: ServerProcess, method: string, path: string): Record<string, unknown> | undefined {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .find((line) => line.msg === "request" && line.method === method && line.path === path);
}

/** The root of `span`'s trace, following `parentSpanId` through `spans`. */
function rootOf(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan {
  const byId = new Map(spans.map((candidate) => [candidate.spanId, candidate]));
  let current = span;
  for (
    let parent = byId.get(current.parentSpanId ?? "");
    parent;
    parent = byId.get(current.parentSpanId ?? "")
  ) {
    current = parent;
  }
  return current;
}

const newAccount = () => ({
  name: "Trace Lovelace",
  email: `trace-${randomUUID()}@example.com`,
  password: "correct horse battery",
});

test("with an OTLP endpoint, a sign-up is one trace: route-named request, its queries and its mail, the trace id in its log line, no address sent", async () => {
  const receiver = await startOtlpReceiver();
  const { server, dataDir, base } = await launchRecorded(77, {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_SERVICE_NAME: "traces-e2e",
    OTEL_BSP_SCHEDULE_DELAY: "100",
    // A page behind a parameter that the core has whatever features are listed: /__e2e/named/:name.
    E2E_TEST_ROUTES: "1",
  });
  const account = newAccount();
  try {
    await startSignUp(base, account);
    // A page behind a parameter: its span is named by the pattern, not the path.
    expect((await fetch(`${base}/__e2e/named/team-4711`)).status).toBe(200);
    await expect.poll(() => signUpCodeInOutbox(dataDir, account.email)).not.toBe("");
    await expect.poll(() => receiver.spans().map((span) => span.name)).toContain("mail send");
  } finally {
    await stopServer(server);
    await receiver.close();
  }

  const spans = receiver.spans();
  const request = spans.find((span) => span.name === "POST /login");
  expect(request, spans.map((span) => span.name).join(", ")).toBeDefined();
  if (!request) return;
  expect(request.parentSpanId ?? "").toBe("");
  expect(request.attributes).toMatchObject({ "http.route": "/login", "http.response.status_code": 302 });
  const trace = spans.filter((span) => span.traceId === request.traceId);
  const queries = trace.filter((span) => span.attributes["db.system.name"] === "sqlite");
  expect(queries.map((span) => span.name)).toEqual(
    expect.arrayContaining(["INSERT pendingSignUp", "INSERT mail", "SELECT user"]),
  );
  // Every query, and the mail sent after the answer, hang under the request's span.
  const mail = trace.find((span) => span.name === "mail send");
  expect(mail?.attributes).toMatchObject({ "mail.kind": "sign-up-code", "mail.outcome": "written" });
  for (const span of [...queries, mail]) {
    expect(span && rootOf(span, trace).spanId).toBe(request.spanId);
  }
  expect(spans.map((span) => span.name)).toContain("GET /__e2e/named/:name");

  expect(logLineOf(server, "POST", "/login")).toMatchObject({ trace_id: request.traceId });

  const exported = receiver
    .bodies()
    .map(({ body }) => body)
    .join("\n");
  expect(
    receiver
      .bodies()
      .every(({ path, contentType }) => path === "/v1/traces" && contentType === "application/json"),
  ).toBe(true);
  expect(exported).toContain('"traces-e2e"');
  for (const personal of [
    account.email,
    encodeURIComponent(account.email),
    account.name,
    account.password,
    "team-4711",
    "127.0.0.1",
  ]) {
    expect(exported).not.toContain(personal);
  }
  // The positive control of the test below: tracing on loads OpenTelemetry.
  expect(openTelemetryLoaded(dataDir)).not.toEqual([]);
});

test("with OTEL_SDK_DISABLED=true, nothing is exported and no module of OpenTelemetry is loaded", async () => {
  const receiver = await startOtlpReceiver();
  const { server, dataDir, base } = await launchRecorded(78, {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_SDK_DISABLED: "true",
    OTEL_BSP_SCHEDULE_DELAY: "100",
  });
  const account = newAccount();
  try {
    await startSignUp(base, account);
    await expect.poll(() => signUpCodeInOutbox(dataDir, account.email)).not.toBe("");
  } finally {
    await stopServer(server);
    await receiver.close();
  }
  expect(receiver.bodies()).toEqual([]);
  const line = logLineOf(server, "POST", "/login");
  expect(line).toBeDefined();
  expect(line).not.toHaveProperty("trace_id");
  expect(openTelemetryLoaded(dataDir)).toEqual([]);
  // …while the build has it, in chunks of its own that only tracing loads.
  const buildFiles = readdirSync("build/server").filter((file) => file.endsWith(".js"));
  expect(
    buildFiles.filter((file) => OPENTELEMETRY_CODE.test(readFileSync(join("build/server", file), "utf8"))),
  ).not.toEqual([]);
});
