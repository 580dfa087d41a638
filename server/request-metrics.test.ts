import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import { startMetrics } from "~/server/metrics.server";
import { labelValues, parseMetrics, sampleValue } from "../tests/fixtures/prometheus";
import { metricsEndpoint, OTHER_ROUTE, reactRouterPatterns, requestMetrics } from "./request-metrics";

/** A route table shaped like the app's (app/routes.ts), as the server build lists it: flat, by parent. */
const routes = Object.fromEntries(
  [
    { id: "root", path: "" },
    { id: "routes/home", parentId: "root", index: true },
    { id: "routes/guest-layout", parentId: "root" },
    { id: "routes/login", parentId: "routes/guest-layout", path: "login" },
    { id: "routes/auth-layout", parentId: "root" },
    { id: "routes/dashboard", parentId: "routes/auth-layout", path: "dashboard" },
    { id: "teams", parentId: "routes/auth-layout", path: "dashboard/teams" },
    { id: "team", parentId: "routes/auth-layout", path: "dashboard/teams/:teamId" },
    { id: "routes/not-found", parentId: "root", path: "*" },
  ].map((route) => [route.id, { ...route, module: {} }]),
) as unknown as ServerBuild["routes"];

describe("reactRouterPatterns", () => {
  const patternOf = reactRouterPatterns(routes);

  test("names a page by its route's pattern, never by the path that reached it", () => {
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/login")).toBe("/login");
    expect(patternOf("/dashboard/teams")).toBe("/dashboard/teams");
    expect(patternOf("/dashboard/teams/0f8e5c1a-7d2b-4c55-9a61-2f7f3b9c1e44")).toBe(
      "/dashboard/teams/:teamId",
    );
  });

  test("a data request is its page's; the route discovery keeps its own name", () => {
    expect(patternOf("/dashboard/teams/42.data")).toBe("/dashboard/teams/:teamId");
    expect(patternOf("/_.data")).toBe("/");
    expect(patternOf("/__manifest")).toBe("/__manifest");
  });

  test("a path only the not-found page takes has no pattern", () => {
    expect(patternOf("/wp-admin/alice@example.com")).toBeNull();
    expect(patternOf("/metrics")).toBeNull();
  });
});

describe("requestMetrics", () => {
  test("labels each answer by the Hono route or React Router's pattern, and the metrics port serves them", async () => {
    const metrics = await startMetrics({ buildId: "dev" });
    const app = new Hono();
    app.use(requestMetrics(metrics, { routes }));
    app.use(async (c, next) => (c.req.header("x-refuse") ? c.text("Forbidden", 403) : next()));
    app.get("/api/_icons/:file", (c) => c.json({}));
    app.all("*", (c) => c.text("page", c.req.path.startsWith("/dashboard") ? 200 : 404));

    await app.request("/api/_icons/lucide-x.json");
    await app.request("/dashboard/teams/7c9e6679-7425-40de-944b-e07fc1f90ae7");
    await app.request("/login", { method: "POST", headers: { "x-refuse": "1" } });
    await app.request("/users/alice@example.com");
    await app.request("/login", { method: "PROPFIND" });

    const scrape = await metricsEndpoint(metrics).request("/metrics");
    expect(scrape.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const scraped = parseMetrics(await scrape.text());
    const count = (labels: Record<string, string>) =>
      sampleValue(scraped, "http_request_duration_seconds_count", labels);
    expect(count({ route: "/api/_icons/:file", method: "GET", status_class: "2xx" })).toBe(1);
    expect(count({ route: "/dashboard/teams/:teamId", method: "GET", status_class: "2xx" })).toBe(1);
    expect(count({ route: "/login", method: "POST", status_class: "4xx" })).toBe(1);
    expect(count({ route: OTHER_ROUTE, method: "GET", status_class: "4xx" })).toBe(1);
    expect(count({ route: "/login", method: "other" })).toBe(1);
    expect(sampleValue(scraped, "http_requests_in_flight")).toBe(0);
    expect(labelValues(scraped).filter((value) => /@|[0-9a-f]{8}-/.test(value))).toEqual([]);

    expect((await metricsEndpoint(metrics).request("/")).status).toBe(404);
  });
});
