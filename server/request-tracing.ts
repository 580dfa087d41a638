import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { ServerBuild, ServerInstrumentation } from "react-router";
import type { Tracing } from "~/server/tracing/tracing.server";
import type { EdgeEnv } from "./edge-env";

/** Probes load balancers send every few seconds: a trace each would bury the others. */
const UNTRACED_PATHS = new Set(["/healthz", "/readyz"]);

/** The pattern of Hono's route that answered (`/api/auth/*`); none for the catch-all middleware. */
function honoRoute(c: Parameters<MiddlewareHandler<EdgeEnv>>[0]): string | undefined {
  const route = routePath(c, c.req.routeIndex);
  return route === "" || route === "*" || route === "/*" ? undefined : route;
}

/**
 * Hono middleware, first of all: each request in a trace of its own, its
 * span named by its method and route pattern (`GET /dashboard/teams/:teamId`,
 * never the path as asked, which holds ids): React Router's matched
 * pattern for pages, Hono's route for the edge's own endpoints, the path of
 * a page served like a file, or the method alone (OpenTelemetry's HTTP
 * conventions) for a request refused before any route. It records the
 * status and the request's id, and nothing of the client: no address, no
 * query, no header. A `traceparent` the request brings is ignored, so a
 * client can neither choose its trace id nor turn sampling off. The trace
 * id goes to the request's log line (`c.get("traceId")`, `request-log.ts`).
 */
export function traceRequests(tracing: Tracing): MiddlewareHandler<EdgeEnv> {
  return async (c, next) => {
    if (UNTRACED_PATHS.has(c.req.path)) return next();
    await tracing.inRequest(c.req.method, async ({ traceId }) => {
      if (traceId) c.set("traceId", traceId);
      await next();
      const route = c.get("route") ?? honoRoute(c);
      const requestId = c.get("requestId");
      return {
        ...(route ? { route } : {}),
        status: c.res.status,
        ...(requestId ? { attributes: { "app.request_id": requestId } } : {}),
      };
    });
  };
}

/** What a loader or action threw: a `Response` or `data()` with a status is an answer (a redirect, a 404). */
function statusOfThrown(error: unknown): number | undefined {
  if (error instanceof Response) return error.status;
  const { type, init } = (error ?? {}) as { type?: unknown; init?: { status?: unknown } | null };
  return type === "DataWithResponseInit" && typeof init?.status === "number" ? init.status : undefined;
}

/**
 * React Router's instrumentation for traces: it names the request's span
 * with the route pattern React Router matched (or its lazy route
 * discovery's path, `/__manifest`, which matches none), and gives each loader and
 * action a span (`loader routes/dashboard`) in which the queries and
 * `auth.api` calls they make nest. A thrown redirect or 4xx is an answer;
 * any other error, or a 5xx, fails the span.
 */
function routeSpans(tracing: Tracing, manifestPath: string | undefined): ServerInstrumentation {
  const traced =
    (kind: "loader" | "action", id: string) =>
    (run: () => Promise<{ status: "success" | "error"; error: unknown }>) =>
      tracing.inSpan(`${kind} ${id}`, { attributes: { "react_router.route.id": id } }, async (span) => {
        const result = await run();
        if (result.status === "error" && (statusOfThrown(result.error) ?? 500) >= 500)
          span.fail(result.error);
      });
  return {
    handler(handler) {
      handler.instrument({
        async request(handle, { request }) {
          const { meta } = await handle();
          // React Router's patterns are relative to the root (`dashboard/teams/:teamId`), the root's own is `/`.
          if (meta?.pattern)
            tracing.nameRoute(meta.pattern.startsWith("/") ? meta.pattern : `/${meta.pattern}`);
          else if (manifestPath && new URL(request.url).pathname === manifestPath)
            tracing.nameRoute(manifestPath);
        },
      });
    },
    route(route) {
      route.instrument({ loader: traced("loader", route.id), action: traced("action", route.id) });
    },
  };
}

/** The server build with the trace instrumentation added to its entry's (React Router calls them). */
export function withRouteSpans(build: ServerBuild, tracing: Tracing): ServerBuild {
  const module = build.entry.module;
  const manifestPath = build.routeDiscovery.mode === "lazy" ? build.routeDiscovery.manifestPath : undefined;
  return {
    ...build,
    entry: {
      ...build.entry,
      module: {
        ...module,
        instrumentations: [...(module.instrumentations ?? []), routeSpans(tracing, manifestPath)],
      },
    },
  };
}
