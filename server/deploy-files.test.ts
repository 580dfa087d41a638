import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
// The YAML parser already installed (knip's and Vite's): no package of its own for one test.
import { parseDocument } from "yaml";
import { serveArguments } from "../scripts/serve-arguments";
import type { EdgeEnv } from "./edge-env";
import { securityHeaders } from "./security-headers";

/**
 * The files docs/deploy/ gives a team to copy, held to the server they run: the systemd unit
 * to `npm run serve` and the shutdown, nginx's timeouts to Node's, the Prometheus files to
 * YAML and to the alerts docs/deploy.md promises. `npm run test:deploy` runs nginx and the
 * app with them; this is the quick part.
 */
const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");
const entry = read("server/index.ts");

/** A YAML file as plain data, failing on any syntax error or warning. */
function parseYaml(path: string): unknown {
  const document = parseDocument(read(path));
  expect([...document.errors, ...document.warnings].map(String)).toEqual([]);
  return document.toJS();
}

/** The value(s) of `key=` lines in an ini-style systemd unit. */
const unitValues = (unit: string, key: string) =>
  [...unit.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((match) => match[1]);

describe("docs/deploy/react-starter@.service", () => {
  const unit = read("docs/deploy/react-starter@.service");

  it("runs what `npm run serve` runs, Node itself, with the same flags", () => {
    const [command, ...args] = (unitValues(unit, "ExecStart")[0] ?? "").split(" ");
    expect(command).toMatch(/\/node_modules\/\.bin\/node$/);
    expect(args).toEqual(serveArguments());
  });

  it("stops with SIGTERM and waits longer than the app's drain before killing", () => {
    const graceMs = Number(/const SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(entry)?.[1]?.replaceAll("_", ""));
    expect(graceMs).toBeGreaterThan(0);
    expect(unitValues(unit, "KillSignal")).toEqual(["SIGTERM"]);
    const [timeout] = unitValues(unit, "TimeoutStopSec");
    expect(timeout).toMatch(/^\d+s$/);
    expect(Number.parseInt(timeout ?? "", 10) * 1000).toBeGreaterThanOrEqual(graceMs + 5000);
  });

  it("reads its settings from a file, never lets V8's JIT be forbidden", () => {
    expect(unitValues(unit, "EnvironmentFile")).toContain("/etc/react-starter/env");
    expect(unitValues(unit, "NoNewPrivileges")).toEqual(["yes"]);
    expect(unitValues(unit, "ProtectSystem")).toEqual(["strict"]);
    expect(unitValues(unit, "MemoryDenyWriteExecute")).toEqual([]);
  });
});

describe("docs/deploy/nginx.conf", () => {
  const site = read("docs/deploy/nginx.conf");

  it("lists in its envsubst line exactly the placeholders it uses", () => {
    const used = new Set([...site.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((match) => match[1]));
    const envsubst = /envsubst '([^']+)'/.exec(site.replaceAll(/\n#\s*/g, " "))?.[1] ?? "";
    const listed = new Set([...envsubst.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)].map((match) => match[1]));
    expect(listed).toEqual(used);
  });

  /** The values of `name` directives (one per line) in `text`. */
  const directive = (name: string, text = site) =>
    [...text.matchAll(new RegExp(`^\\s*${name} (.+);$`, "gm"))].map((match) => match[1]);

  it("names its TLS: 1.2 and 1.3, forward-secret AEAD suites only, the client's pick among them", () => {
    expect(directive("ssl_protocols")).toEqual(["TLSv1.2 TLSv1.3"]);
    const suites = directive("ssl_ciphers")[0]?.split(":") ?? [];
    expect(suites.length).toBeGreaterThan(0);
    for (const suite of suites)
      expect(suite).toMatch(/^ECDHE-(ECDSA|RSA)-(AES(128|256)-GCM-SHA(256|384)|CHACHA20-POLY1305)$/);
    expect(directive("ssl_prefer_server_ciphers")).toEqual(["off"]);
  });

  it("gives nginx's own error answers the app's security headers, and passes the app's through", async () => {
    const [codes, page] = directive("error_page")[0]?.split(/ (?=\S+$)/) ?? [];
    expect(codes?.split(" ")).toEqual(
      expect.arrayContaining(["400", "403", "413", "500", "502", "503", "504"]),
    );
    // The app's own errors (its 503 with Retry-After) are never replaced.
    expect(directive("proxy_intercept_errors")).toEqual([]);
    const location =
      new RegExp(`\\n    location = ${page} \\{\\n([\\s\\S]*?)\\n    \\}`).exec(site)?.[1] ?? "";
    // Only nginx's own errors get there: nobody can ask for the page itself.
    expect(location).toMatch(/^\s*internal;$/m);
    const added = directive("add_header", location).map((value) => {
      const [, name = "", header = ""] = /^([\w-]+) "([^"]*)" always$/.exec(value ?? "") ?? [];
      expect(name, `add_header ${value}: quoted, and always (error answers too)`).not.toBe("");
      return [name.toLowerCase(), header];
    });
    const nginx = Object.fromEntries(added);

    const app = new Hono<EdgeEnv>();
    app.use(securityHeaders({ https: true }));
    app.get("/", (c) => c.body(null, 204));
    const appHeaders = [...(await app.request("/")).headers];
    expect(appHeaders.length).toBeGreaterThan(5);
    for (const [name, value] of appHeaders)
      if (name !== "content-security-policy") expect(nginx[name], name).toBe(value);
    // A page of its own, with no script, style or image: nothing may load, nobody may frame it.
    expect(nginx["content-security-policy"]).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
  });

  it("lets idle connections to the app go before Node closes them", () => {
    const nginxSeconds = Number(/^\s*keepalive_timeout (\d+)s;/m.exec(site)?.[1]);
    expect(entry).not.toContain("keepAliveTimeout");
    expect(nginxSeconds * 1000).toBeLessThan(createServer().keepAliveTimeout);
  });
});

describe("docs/deploy/prometheus.yml and alerts.yml", () => {
  it("scrape two instances' metrics ports and load the alert rules", () => {
    const config = parseYaml("docs/deploy/prometheus.yml") as {
      rule_files: string[];
      scrape_configs: { metrics_path: string; static_configs: { targets: string[] }[] }[];
    };
    expect(config.rule_files).toEqual(["alerts.yml"]);
    expect(config.scrape_configs[0]?.metrics_path).toBe("/metrics");
    expect(config.scrape_configs[0]?.static_configs[0]?.targets).toEqual([
      "127.0.0.1:9101",
      "127.0.0.1:9102",
    ]);
  });

  it("alert on the mail queue, 5xx, p99, Redis and the pool, each rule complete", () => {
    const { groups } = parseYaml("docs/deploy/alerts.yml") as {
      groups: {
        rules: { alert: string; expr: string; for: string; labels: object; annotations: object }[];
      }[];
    };
    const rules = groups.flatMap((group) => group.rules);
    for (const rule of rules) {
      expect(rule).toMatchObject({
        labels: { severity: expect.any(String) },
        annotations: { summary: expect.any(String) },
      });
      expect(rule.for).toMatch(/^\d+[smh]$/);
      // Brackets of each kind balance, as PromQL needs.
      for (const [open, close] of ["()", "[]", "{}"])
        expect(rule.expr.split(open ?? "").length, `${rule.alert}: ${open}${close}`).toBe(
          rule.expr.split(close ?? "").length,
        );
    }
    const expression = (name: string) => rules.find((rule) => rule.alert === name)?.expr.replace(/\s+/g, " ");
    expect(expression("MailQueueStuck")).toMatch(/mail_queue_oldest_pending_seconds\{.*\}\) > 300$/);
    expect(expression("High5xxRate")).toMatch(
      /rate\(http_request_duration_seconds_count\{.*status_class="5xx"\}\[5m\]\)\) \/ sum by \(job\) \(rate\(http_request_duration_seconds_count\{/,
    );
    expect(expression("HighP99Latency")).toMatch(
      /^histogram_quantile\(0\.99, sum by \(le, route\) \(rate\(http_request_duration_seconds_bucket\{.*\}\[5m\]\)\)\)/,
    );
    expect(expression("RedisSharedLimitsDown")).toMatch(/^redis_shared_limits_up\{.*\} == 0$/);
    expect(expression("DatabasePoolWaiting")).toMatch(/^db_pool_connections\{.*state="waiting"\} > 0$/);
  });
});
