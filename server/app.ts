import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as build from "virtual:react-router/server-build";
import { inLocale } from "~/i18n/locale.server";
import { availableLocales, locale } from "~/i18n/runtime";
import { localizedBuild } from "./locale-assets";
import { requestLocale, speakingRequestLocale } from "./request-locale";

// The server build must also be a React Router server build, so that
// prerendering at build time (react-router.config.ts) can render from it.
export * from "virtual:react-router/server-build";
/** For the Node entry's last-resort handlers: an outage is survived, a bug is not. */
export { isDatabaseUnavailable as isOutageError } from "~/server/db/database-errors.server";

import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, RouterContextProvider } from "react-router";
import {
  AUTH_API_PATH,
  BUILD_INFO_PATH,
  FORGOT_PASSWORD_PATH,
  ICONS_API_PATH,
  SESSION_API_PATH,
  SIGN_IN_PATH,
} from "~/lib/constants";
import { accountMail } from "~/server/auth/account-mail.server";
import { createAuth, sessionCookieName } from "~/server/auth/auth.server";
import { traceAuthApi } from "~/server/auth/auth-spans.server";
import { resolveAuthSecret } from "~/server/auth/secret.server";
import {
  type AppServices,
  type RequestInfo,
  requestInfoContext,
  servicesContext,
} from "~/server/context.server";
import { openConfiguredDatabase } from "~/server/db/database.server";
import { answerOutagesWith503 } from "~/server/db/database-errors.server";
import { checkReadiness } from "~/server/db/readiness.server";
import { getEnv } from "~/server/env.server";
import { featureFormTargets } from "~/server/feature-hooks.server";
import { createAuthRateLimits } from "~/server/limits/rate-limit.server";
import { createRedisFailureBudget, createRedisRateLimiter } from "~/server/limits/redis-rate-limiter.server";
import { startMailWorker } from "~/server/mail/mail-worker.server";
import { createMailDelivery } from "~/server/mail/mailer.server";
import { mailOutbox, mailQueueState } from "~/server/mail/outbox.server";
import { startMetrics } from "~/server/metrics.server";
import { startExpiredRowCleanup } from "~/server/session/lifetime.server";
import { startTracing } from "~/server/tracing/tracing.server";
import { appManifest } from "./app-manifest";
import { authApi } from "./auth-api";
import { buildInfoApi, inMemoryBuildFiles, readBuildFilesFrom } from "./build-info";
import { clientIp } from "./client-ip";
import { CRITICAL_CSS_FILE, readCriticalCss } from "./critical-css";
import type { EdgeEnv } from "./edge-env";
import { iconsApi } from "./icons";
import { originCheck } from "./origin-check";
import { noStoreForPersonalAnswers } from "./personal-answers";
import { withPublicOrigin } from "./public-url";
import { allowedMethods, limitBodySize, requireKnownContentType } from "./request-limits";
import { createLogger, requestLog } from "./request-log";
import { metricsEndpoint, requestMetrics } from "./request-metrics";
import { traceRequests, withRouteSpans } from "./request-tracing";
import { securityHeaders } from "./security-headers";
import { sessionApi } from "./session-api";
import { isPrerenderedPath, staticGuestPages } from "./static-guest-pages";
import { answerUnhandledErrors } from "./unhandled-errors";

/**
 * Guest pages rendered once per server process, at their first request with
 * no session cookie and no query, and served as static files from then on:
 * they show the sign-in providers configured at start, so the build cannot
 * render them.
 */
const RENDERED_ONCE_PATHS: readonly string[] = [SIGN_IN_PATH, FORGOT_PASSWORD_PATH];

/** Every page a guest gets as a file: the build picks the critical CSS of each (vite/critical-css.ts). */
export const STATIC_GUEST_PATHS: readonly string[] = ["/", ...RENDERED_ONCE_PATHS];

/**
 * Builds the whole HTTP application: configuration, database (migrated;
 * SQLite, or PostgreSQL with `DATABASE_URL`), Redis for the rate limits with
 * `REDIS_URL`, outgoing mail (an outbox table and its worker; `SMTP_URL`, else
 * `.eml` files), auth, then the routes in the order they are tried. Nothing
 * that instances must share lives in the process. With an OTLP endpoint
 * configured, traces of requests, queries, Redis commands, mails and
 * `auth.api` calls (`tracing`; nothing of it is loaded otherwise). `close()`
 * releases the database and Redis, and sends the last spans; the Node
 * entry calls it after the last request.
 */
export async function createServerApp() {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL);
  const tracing = await startTracing(
    env.tracing,
    { name: env.APP_NAME, version: import.meta.env.BUILD_ID },
    log,
  );
  const secret = resolveAuthSecret(env);
  // Prometheus metrics only with METRICS_PORT (served by the Node entry on that port): prom-client is loaded then.
  const metrics = env.METRICS_PORT ? await startMetrics({ buildId: import.meta.env.BUILD_ID }) : undefined;
  const db = await openConfiguredDatabase(
    env,
    (error) =>
      log({ level: "warn", msg: "database connection lost; the next query reconnects", err: String(error) }),
    { tracing, observeQuery: metrics?.observeQuery },
  );
  // The Redis client is loaded only when configured, like the PostgreSQL driver.
  const redis = env.REDIS_URL
    ? (await import("~/server/db/redis.server")).connectRedis(env.REDIS_URL, log, tracing)
    : undefined;
  const mailWorker = startMailWorker({
    kysely: db.kysely,
    dialect: db.dialect,
    secret,
    deliver: createMailDelivery({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      dataDir: env.DATA_DIR,
      domain: new URL(env.APP_URL).hostname,
      log,
    }),
    log,
    tracing,
  });
  const mail = accountMail({
    env,
    outbox: mailOutbox({ kysely: db.kysely, secret, onQueued: mailWorker.nudge, tracing }),
  });
  const rateLimits = createAuthRateLimits({
    perIp: env.AUTH_RATE_LIMIT_PER_IP,
    ...(redis
      ? {
          createLimiter: (rule) => createRedisRateLimiter(redis, rule),
          passwords: createRedisFailureBudget(redis),
          createBudget: (rule) => createRedisFailureBudget(redis, rule),
        }
      : {}),
  });
  const services: AppServices = {
    env,
    auth: traceAuthApi(
      createAuth({ env, kysely: db.kysely, dialect: db.dialect, secret, mail, rateLimits, log }),
      tracing,
    ),
    mail,
    rateLimits,
    db: db.kysely,
  };
  metrics?.watch({
    connections: db.connections,
    mailQueue: () => mailQueueState(db.kysely),
    redisAvailable: redis?.isAvailable,
  });
  const stopCleanup = startExpiredRowCleanup(db.kysely, (error) =>
    log({ level: "error", msg: "expired-row clean-up failed", err: String(error) }),
  );

  // A database outage in any route's middleware, loader or action is a 503, said in one place.
  const routedBuild = answerOutagesWith503(tracing.enabled ? withRouteSpans(build, tracing) : build);
  // A page names its language's copy of the scripts (server/locale-assets.ts), chosen as it renders.
  const handleRequest = createRequestHandler(
    import.meta.env.PROD ? localizedBuild(routedBuild, availableLocales(), locale) : routedBuild,
    import.meta.env.MODE,
  );
  const renderPage = (request: Request, requestInfo: RequestInfo) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestInfoContext, requestInfo);
    return handleRequest(request, context);
  };
  const app = new Hono<EdgeEnv>();

  // Every answer: timed (with METRICS_PORT), traced when traces are on (around the log, which
  // names the trace), logged, named, and with its security headers.
  if (metrics) app.use(requestMetrics(metrics, build));
  if (tracing.enabled) app.use(traceRequests(tracing));
  app.use(requestLog(log));
  app.use(securityHeaders({ https: env.isHttps, formTargets: featureFormTargets(env) }));
  // Then refuse what no handler should see.
  app.use(allowedMethods);
  app.use(originCheck(env.APP_URL));
  app.use(limitBodySize);
  app.use(requireKnownContentType);
  app.use(clientIp(env.TRUST_PROXY));
  const sessionCookie = await sessionCookieName(services.auth);
  app.use(noStoreForPersonalAnswers(sessionCookie));
  // Pages and JSON made per request are gzipped on the fly; prebuilt files
  // arrive already compressed (Content-Encoding set) and pass through.
  app.use(compress());

  // Liveness for load balancers, and the trivial route the benchmark compares against.
  app.get("/healthz", (c) => c.json({ ok: true }));
  // Readiness: send traffic here only while the database answers and is migrated.
  app.get("/readyz", async (c) => {
    const readiness = await checkReadiness(db.kysely);
    c.header("Cache-Control", "no-store");
    return c.json(readiness, readiness.ready ? 200 : 503);
  });

  // Hot JSON endpoints first: they never need the static files or React.
  app.route(SESSION_API_PATH, sessionApi(services));
  app.route(ICONS_API_PATH, iconsApi());
  app.route("/", appManifest(env.APP_NAME));
  // Every answer from here on may speak words: in the request's language (none of the above does).
  app.use(requestLocale);
  app.use(`${AUTH_API_PATH}/*`, speakingRequestLocale);
  app.route(AUTH_API_PATH, authApi(services));
  app.all("/api/*", (c) => c.json({ error: "Not Found" }, 404));

  const clientDir = relative(process.cwd(), fileURLToPath(new URL("../client", import.meta.url)));
  app.route(
    BUILD_INFO_PATH,
    buildInfoApi(
      import.meta.env.PROD
        ? readBuildFilesFrom(join(clientDir, BUILD_INFO_PATH))
        : inMemoryBuildFiles({ id: import.meta.env.BUILD_ID, timestamp: Date.now() }),
    ),
  );

  if (import.meta.env.PROD) {
    app.use(
      "/assets/*",
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => c.header("Cache-Control", "public, max-age=31536000, immutable"),
      }),
    );
    app.use(
      await staticGuestPages({
        clientDir,
        sessionCookieName: sessionCookie,
        renderedOnce: RENDERED_ONCE_PATHS,
        criticalCss: await readCriticalCss(new URL(CRITICAL_CSS_FILE, import.meta.url)),
        // A guest with nothing of their own: no cookie, no query, no nonce (the copy's scripts are allowed by hash).
        render: (path, locale) =>
          inLocale(locale, () => renderPage(new Request(new URL(path, env.APP_URL)), {})),
      }),
    );
    const otherFiles = serveStatic({
      root: clientDir,
      precompressed: true,
      onFound: (_path, c) => c.header("Cache-Control", "public, max-age=3600"),
    });
    // Only a name with an extension can be a file (favicon.ico, robots.txt):
    // pages go straight to React Router without a look at the disk.
    app.use((c, next) =>
      isPrerenderedPath(c.req.path) || !/\.[^/]+$/.test(c.req.path) ? next() : otherFiles(c, next),
    );
  }

  app.use(speakingRequestLocale);
  app.all("*", (c) =>
    renderPage(withPublicOrigin(c.req.raw, env.APP_URL), {
      nonce: c.get("nonce"),
      requestId: c.get("requestId"),
    }),
  );

  app.onError(answerUnhandledErrors(log));

  return {
    app,
    env,
    /** What the metrics port answers (`GET /metrics`); absent without METRICS_PORT. */
    metrics: metrics && metricsEndpoint(metrics),
    close: async () => {
      stopCleanup();
      // Mails being sent finish (or the wait ends) before the database closes; the rest wait in the outbox table.
      await mailWorker.stop();
      redis?.close();
      await db.close();
      await tracing.shutdown();
    },
  };
}
