import { createHash } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, test, vi } from "vitest";
import { isDatabaseUnavailable } from "~/server/db/database-errors.server";
import type { EdgeEnv } from "./edge-env";
import { allowedMethods, limitBodySize, requireKnownContentType } from "./request-limits";
import { createLogger, requestLog } from "./request-log";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";
import { inlineScriptHashes } from "./static-guest-pages";

describe("contentSecurityPolicy", () => {
  test("allows scripts by nonce and hash only, never inline", () => {
    const csp = contentSecurityPolicy("abc", ["sha256-xyz"]);
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'sha256-xyz'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe("securityHeaders", () => {
  const appWith = (https: boolean) => {
    const app = new Hono<EdgeEnv>();
    app.use(securityHeaders({ https }));
    app.get("/", (c) => c.text(c.get("nonce")));
    return app;
  };

  test("puts the nonce it hands out into the CSP, fresh each time", async () => {
    const first = await appWith(false).request("/");
    const second = await appWith(false).request("/");
    const nonce = await first.text();
    expect(first.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(nonce).not.toBe(await second.text());
    expect(first.headers.get("strict-transport-security")).toBeNull();
  });

  test("never hands out a nonce twice, across its batches of random bytes", async () => {
    const app = appWith(false);
    const nonces = await Promise.all(
      Array.from({ length: 600 }, async () => (await app.request("/")).text()),
    );
    expect(new Set(nonces).size).toBe(600);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  test("adds HSTS over HTTPS", async () => {
    const response = await appWith(true).request("/");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

describe("requestLog", () => {
  test("writes one JSON line per request with no query string", async () => {
    const lines: string[] = [];
    const app = new Hono<EdgeEnv>();
    app.use(requestLog(createLogger("info", (line) => lines.push(line))));
    app.get("/reset", (c) => c.text("ok"));
    const response = await app.request("/reset?token=secret-token");
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] ?? "{}");
    expect(record).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/reset",
      status: 200,
    });
    expect(record.requestId).toBe(response.headers.get("x-request-id"));
    expect(lines[0]).not.toContain("secret-token");
  });

  test("drops records below its level", () => {
    const write = vi.fn();
    const log = createLogger("warn", write);
    log({ level: "info", msg: "quiet" });
    log({ level: "error", msg: "loud" });
    expect(write).toHaveBeenCalledTimes(1);
  });
});

describe("request limits", () => {
  const app = new Hono();
  app.use(allowedMethods, limitBodySize, requireKnownContentType);
  app.all("*", (c) => c.text("ok"));

  test.each([
    ["PROPFIND", {}, 405],
    ["POST", { body: "a=1", headers: { "Content-Type": "text/plain", "Content-Length": "3" } }, 415],
    ["POST", { body: "a=1", headers: { "Content-Length": "3" } }, 415],
    [
      "POST",
      {
        body: "a=1",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "3" },
      },
      200,
    ],
    ["DELETE", {}, 200],
    [
      "POST",
      {
        body: "x".repeat(70_000),
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": "70000" },
      },
      413,
    ],
  ] as const)("%s %j → %i", async (method, init, status) => {
    const response = await app.request("/login", { method, ...init });
    expect(response.status).toBe(status);
  });

  test("the API takes JSON, pages do not", async () => {
    const json = {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json", "Content-Length": "2" },
    };
    expect((await app.request("/api/x", json)).status).toBe(200);
    expect((await app.request("/login", json)).status).toBe(415);
  });
});

describe("isDatabaseUnavailable", () => {
  test.each([
    [{ errcode: 5, errstr: "database is locked" }, true],
    [{ errcode: 261 }, true], // SQLITE_BUSY_RECOVERY: the primary code is what counts
    [new Error("wrapped", { cause: { errcode: 14 } }), true],
    [{ errcode: 19, errstr: "UNIQUE constraint failed" }, false],
    [new Error("plain"), false],
    [null, false],
  ])("%j → %s", (error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});

test("inlineScriptHashes hashes inline scripts only, once each", () => {
  const html = `<script>a()</script><script src="/x.js"></script><script type="module">a()</script><script>b()</script>`;
  const hash = (body: string) => `sha256-${createHash("sha256").update(body).digest("base64")}`;
  expect(inlineScriptHashes(html)).toEqual([hash("a()"), hash("b()")]);
});
