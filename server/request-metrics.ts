/**
 * The HTTP edge's half of the metrics (app/server/metrics.server.ts defines
 * them): every request timed under the pattern of the route that answered
 * it, and the small app the metrics port serves.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Metrics } from "~/server/metrics.server";

/** The route label of a path no route claims (React Router's not-found splat included): one value, not the path. */
export const OTHER_ROUTE = "other";

/** Hono's paths of middleware that answer any path: the answer's route is then React Router's. */
const ANY_PATH = new Set(["*", "/*"]);

/** React Router's own endpoint for lazy route discovery. */
const MANIFEST_PATH = "/__manifest";

/** The most paths whose pattern is remembered; past it the memory starts again (ids make paths unbounded). */
const REMEMBERED_PATHS = 1000;

/** The build's flat route manifest as the tree `matchRoutes` takes. */
function routeTree(routes: ServerBuild["routes"], parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route?.parentId === parentId)
    .map((route) => {
      const { id, path, caseSensitive } = route as NonNullable<typeof route>;
      return route?.index
        ? { id, path, caseSensitive, index: true }
        : { id, path, caseSensitive, children: routeTree(routes, id) };
    });
}

/**
 * The pattern of React Router's route for a path: `/dashboard/teams/:teamId`
 * for `/dashboard/teams/4f1c…`, the same for its data request
 * (`/dashboard/teams/4f1c….data`), `null` when only the not-found splat
 * matches. Matching ranks every route at each call, so the answers for
 * recent paths are remembered.
 */
export function reactRouterPatterns(routes: ServerBuild["routes"]): (path: string) => string | null {
  const tree = routeTree(routes);
  const remembered = new Map<string, string | null>();
  return (path) => {
    const known = remembered.get(path);
    if (known !== undefined) return known;
    const page = path.endsWith(".data") ? path.slice(0, -".data".length).replace(/^\/_$/, "/") : path;
    const matches = matchRoutes(tree, page) ?? [];
    const segments = matches.map((match) => match.route.path ?? "").filter((segment) => segment !== "");
    const pattern =
      page === MANIFEST_PATH ? MANIFEST_PATH : segments.at(-1) === "*" ? null : `/${segments.join("/")}`;
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(path, pattern);
    return pattern;
  };
}

/**
 * A request's `route` label: the Hono route that answered it
 * (`/api/_auth/session`, `/assets/*`), else, when a catch-all answered
 * (React Router, the prebuilt guest pages, a refusal before any route),
 * React Router's pattern for its path, else `other`. Never the path itself.
 */
function routeOf(c: Context, patternOf: (path: string) => string | null): string {
  const hono = routePath(c);
  if (hono && !ANY_PATH.has(hono)) return hono;
  return patternOf(c.req.path) ?? OTHER_ROUTE;
}

/**
 * Times every request for `http_request_duration_seconds` and counts those in
 * flight: the first middleware, so the time is the whole edge's, until the
 * answer's headers (a streamed page's body may follow).
 */
export function requestMetrics(metrics: Metrics, build: Pick<ServerBuild, "routes">): MiddlewareHandler {
  const patternOf = reactRouterPatterns(build.routes);
  // Named, so a CPU profile tells its own time from the request's (scripts/bench-metrics.ts).
  return async function timeRequest(c, next) {
    const started = performance.now();
    metrics.requestStarted();
    try {
      await next();
    } finally {
      const answer = { route: routeOf(c, patternOf), method: c.req.method, status: c.res.status };
      metrics.requestAnswered(answer, (performance.now() - started) / 1000);
    }
  };
}

/** The metrics port's whole app: `GET /metrics` in Prometheus' text format, `404` for anything else. */
export function metricsEndpoint(metrics: Metrics) {
  return new Hono()
    .get("/metrics", async (c) => {
      const { contentType, text } = await metrics.scrape();
      return c.body(text, 200, { "Content-Type": contentType, "Cache-Control": "no-store" });
    })
    .all("*", (c) => c.text("Not Found", 404));
}
