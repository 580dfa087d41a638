import { expect, test } from "@playwright/test";
import { BUILD_INFO_PATH, PASSWORD_FAILURES_BEFORE_BACKOFF, SESSION_API_PATH } from "~/lib/constants";
import { confirmFromOutbox, cookieHeaderOf, postForm } from "../fixtures/no-js-forms";
import { labelValues, parseMetrics, sampleValue } from "../fixtures/prometheus";
import { freshDir, launchApp, portFor, stopServer } from "../fixtures/server-process";

/**
 * The Prometheus metrics (docs/deploy.md, "Metrics"), scraped from a server
 * of the test's own with `METRICS_PORT`, as a Prometheus server scrapes
 * them: after a sign-up (its code mail), a sign-out, a sign-in, wrong
 * passwords up to the lock, and visits to paths with an id or an address in them.
 */
test("the metrics port tells what happened, by route pattern and never by path or address; the public port has no /metrics", async () => {
  test.setTimeout(60_000);
  const port = portFor(77);
  const metricsPort = portFor(78);
  const base = `http://localhost:${port}`;
  const dataDir = freshDir("metrics");
  // With REDIS_URL (the suite's PostgreSQL + Redis run), the shared limits' gauge is there too.
  const redis: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};
  const server = await launchApp(port, dataDir, {
    METRICS_PORT: metricsPort,
    LOG_LEVEL: "warn",
    // The per-IP limit is not what this checks (a shared Redis may hold other runs' counts).
    AUTH_RATE_LIMIT_PER_IP: "100000",
    // A page behind a parameter that the core has whatever features are listed: /__e2e/named/:name.
    E2E_TEST_ROUTES: "1",
    ...redis,
  });
  const scrapeText = async () => {
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };
  const scrape = async () => parseMetrics(await scrapeText());
  try {
    await expect.poll(server.output).toContain(`Metrics on http://127.0.0.1:${metricsPort}/metrics`);
    const account = {
      name: "Metrics Test",
      email: `metrics-${Date.now()}@example.com`,
      password: "correct horse battery",
    };

    // Sign up: the code mail goes out (to DATA_DIR/outbox), and its code makes the account and a session.
    const started = await postForm(base, { intent: "signup", ...account });
    expect(started.status).toBe(302);
    const confirmed = await confirmFromOutbox(base, dataDir, account.email, started);
    expect(confirmed.status).toBe(302);
    // Sign out: that session is revoked.
    const signedOut = await fetch(`${base}${SESSION_API_PATH}`, {
      method: "DELETE",
      headers: { Origin: base, Cookie: cookieHeaderOf(confirmed) },
    });
    expect(signedOut.status).toBe(200);
    // Sign in, then wrong passwords until the account's budget locks it (429).
    expect((await postForm(base, { intent: "signin", ...account })).status).toBe(302);
    for (let attempt = 1; attempt <= PASSWORD_FAILURES_BEFORE_BACKOFF; attempt += 1) {
      const wrong = await postForm(base, {
        intent: "signin",
        ...account,
        password: `wrong password ${attempt}`,
      });
      expect(wrong.status).toBe(401);
    }
    expect((await postForm(base, { intent: "signin", ...account })).status).toBe(429);
    // Paths with an id and an address: their labels are the pattern and `other`.
    expect((await fetch(`${base}/__e2e/named/0f8e5c1a-7d2b-4c55-9a61-2f7f3b9c1e44`)).status).toBe(200);
    expect((await fetch(`${base}/users/${account.email}`)).status).toBe(404);

    // The public port has no metrics: React Router's not-found page.
    const publicMetrics = await fetch(`${base}/metrics`);
    expect(publicMetrics.status).toBe(404);
    expect(await publicMetrics.text()).not.toContain("http_request_duration_seconds");

    // The worker sends the mail after the answer: the scrape waits for it, then for an empty queue.
    await expect.poll(async () => sampleValue(await scrape(), "mail_sends_total")).toBeGreaterThanOrEqual(1);
    await expect.poll(async () => sampleValue(await scrape(), "mail_queue_depth")).toBe(0);
    const text = await scrapeText();
    const metrics = parseMetrics(text);
    const buildId = ((await (await fetch(`${base}${BUILD_INFO_PATH}/latest.json`)).json()) as { id: string })
      .id;

    expect(text).toContain("# TYPE http_request_duration_seconds histogram");
    expect(text).toContain("# TYPE db_query_duration_seconds histogram");
    const requests = (labels: Record<string, string>) =>
      sampleValue(metrics, "http_request_duration_seconds_count", labels);
    expect(requests({ route: "/login", method: "POST", status_class: "3xx" })).toBe(2);
    expect(requests({ route: "/login", method: "POST", status_class: "4xx" })).toBe(
      PASSWORD_FAILURES_BEFORE_BACKOFF + 1,
    );
    expect(requests({ route: "/confirm-sign-up", method: "POST", status_class: "3xx" })).toBe(1);
    expect(requests({ route: SESSION_API_PATH, method: "DELETE", status_class: "2xx" })).toBe(1);
    expect(requests({ route: "/__e2e/named/:name", method: "GET", status_class: "2xx" })).toBe(1);
    expect(requests({ route: "other", method: "GET", status_class: "4xx" })).toBe(2);
    expect(sampleValue(metrics, "http_requests_in_flight")).toBe(0);

    expect(sampleValue(metrics, "db_pool_connections", { state: "in_use" })).toBe(1);
    expect(sampleValue(metrics, "db_pool_connections", { state: "idle" })).toBe(0);
    expect(sampleValue(metrics, "db_pool_connections", { state: "waiting" })).toBe(0);
    expect(sampleValue(metrics, "db_query_duration_seconds_count", { operation: "select" })).toBeGreaterThan(
      0,
    );
    expect(sampleValue(metrics, "db_query_duration_seconds_count", { operation: "insert" })).toBeGreaterThan(
      0,
    );

    expect(sampleValue(metrics, "mail_sends_total")).toBe(1);
    expect(sampleValue(metrics, "mail_send_failures_total")).toBe(0);
    expect(sampleValue(metrics, "mail_queue_oldest_pending_seconds")).toBe(0);

    expect(sampleValue(metrics, "rate_limit_refusals_total", { limit: "wrong-password" })).toBe(1);
    const signIns = (outcome: string) =>
      sampleValue(metrics, "sign_in_outcomes_total", { method: "password", outcome });
    expect(signIns("success")).toBe(2);
    expect(signIns("wrong_password")).toBe(PASSWORD_FAILURES_BEFORE_BACKOFF);
    expect(signIns("locked")).toBe(1);
    expect(sampleValue(metrics, "sessions_created_total")).toBe(2);
    expect(sampleValue(metrics, "sessions_revoked_total")).toBe(1);

    expect(sampleValue(metrics, "redis_shared_limits_up")).toBe(process.env.REDIS_URL ? 1 : undefined);
    expect(sampleValue(metrics, "app_build_info", { build_id: buildId })).toBe(1);
    expect(sampleValue(metrics, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sampleValue(metrics, "nodejs_eventloop_lag_seconds")).toBeDefined();

    // Bounded label values: no address, no id, no raw path.
    const values = labelValues(metrics);
    expect(values.filter((value) => value.includes("@") || value.includes(account.email))).toEqual([]);
    expect(values.filter((value) => /[0-9a-f]{8}-[0-9a-f]{4}-|\/users\//i.test(value))).toEqual([]);
    const routes = metrics
      .get("http_request_duration_seconds_count")
      ?.metrics.map((sample) => sample.labels?.route);
    expect(routes?.filter((route) => route !== "other" && !route?.startsWith("/"))).toEqual([]);
  } finally {
    await stopServer(server);
  }
});

test("without METRICS_PORT there is no metrics listener at all", async () => {
  const port = portFor(79);
  const server = await launchApp(port, freshDir("no-metrics"), { LOG_LEVEL: "warn" });
  try {
    expect((await fetch(`http://localhost:${port}/metrics`)).status).toBe(404);
    expect(server.output()).not.toContain("Metrics on");
  } finally {
    await stopServer(server);
  }
});
