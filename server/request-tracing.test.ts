import { SpanStatusCode } from "@opentelemetry/api";
import { Hono } from "hono";
import { createRequestHandler, redirect, type ServerBuild } from "react-router";
import { expect, test } from "vitest";
import { collectedSpans, parentOf, spanNamed } from "../tests/fixtures/collected-spans";
import type { EdgeEnv } from "./edge-env";
import { createLogger, requestLog } from "./request-log";
import { traceRequests, withRouteSpans } from "./request-tracing";

/** A server build with two resource routes under the root: enough for React Router to match and run loaders. */
function buildWith(loaders: Record<string, { path: string; loader: () => unknown }>): ServerBuild {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  for (const [id, { path, loader }] of Object.entries(loaders)) {
    routes[id] = { id, parentId: "root", path, module: { loader } };
  }
  return {
    // A loader's error is the test's to see, not the console's.
    entry: { module: { default: () => new Response("document"), handleError: () => {} } },
    routes,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "1" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

/** The edge as `server/app.ts` orders it, traced: a Hono route with a parameter, a page served like a file, and React Router behind. */
function tracedEdge() {
  const collected = collectedSpans();
  const { tracing } = collected;
  const lines: Record<string, unknown>[] = [];
  const build = buildWith({
    "routes/team": {
      path: "teams/:teamId",
      loader: () =>
        tracing.inSpan("SELECT team", { kind: "client" }, async () => Response.json({ ok: true })),
    },
    "routes/old": { path: "old", loader: () => Promise.reject(redirect("/new")) },
    "routes/broken": {
      path: "broken",
      loader: () => Promise.reject(new Error("broken for ada@example.com")),
    },
  });
  const handle = createRequestHandler(withRouteSpans(build, tracing), "production");
  const app = new Hono<EdgeEnv>();
  app.use(traceRequests(tracing));
  app.use(requestLog(createLogger("info", (line) => lines.push(JSON.parse(line)))));
  app.get("/healthz", (c) => c.json({ ok: true }));
  app.get("/api/items/:id", (c) => c.json({ id: c.req.param("id") }));
  app.use(async (c, next) => {
    if (c.req.path !== "/login") return next();
    c.set("route", "/login");
    return c.text("a page served like a file");
  });
  app.all("*", (c) => handle(c.req.raw));
  return { app, lines, finished: collected.finished };
}

test("a request's span is named by its route pattern, never its path; its trace id is in its log line", async () => {
  const { app, lines, finished } = tracedEdge();
  expect((await app.request("/teams/team-42?invite=secret")).status).toBe(200);
  expect((await app.request("/api/items/item-7")).status).toBe(200);
  expect((await app.request("/login")).status).toBe(200);
  const spans = await finished();
  const team = spanNamed(spans, "GET /teams/:teamId");
  const loader = spanNamed(spans, "loader routes/team");
  expect(parentOf(loader)).toBe(team.spanContext().spanId);
  expect(parentOf(spanNamed(spans, "SELECT team"))).toBe(loader.spanContext().spanId);
  expect(team.attributes["http.route"]).toBe("/teams/:teamId");
  spanNamed(spans, "GET /api/items/:id");
  spanNamed(spans, "GET /login");
  const exported = JSON.stringify(spans.map((span) => [span.name, span.attributes]));
  for (const raw of ["team-42", "item-7", "secret"]) expect(exported).not.toContain(raw);
  const requests = spans.filter((span) => span.name.startsWith("GET "));
  expect(lines.map((line) => line.trace_id)).toEqual(requests.map((span) => span.spanContext().traceId));
  expect(lines.map((line) => line.requestId)).toEqual(
    requests.map((span) => span.attributes["app.request_id"]),
  );
});

test("a thrown redirect is an answer; a thrown error fails the loader, and a 500 the request", async () => {
  const { app, finished } = tracedEdge();
  expect((await app.request("/old")).status).toBe(302);
  expect((await app.request("/broken")).status).toBe(500);
  const spans = await finished();
  expect(spanNamed(spans, "loader routes/old").status.code).toBe(SpanStatusCode.UNSET);
  expect(spanNamed(spans, "GET /old").status.code).toBe(SpanStatusCode.UNSET);
  expect(spanNamed(spans, "loader routes/broken").status.code).toBe(SpanStatusCode.ERROR);
  expect(spanNamed(spans, "GET /broken").attributes["error.type"]).toBe("500");
  expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain("ada@example.com");
});

test("load balancers' probes are not traced, and their log lines name no trace", async () => {
  const { app, lines, finished } = tracedEdge();
  expect((await app.request("/healthz")).status).toBe(200);
  expect(await finished()).toEqual([]);
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toHaveProperty("trace_id");
});
