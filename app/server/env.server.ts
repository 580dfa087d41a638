import { z } from "zod";
import { serverFeatures } from "~/features/server.server";
import {
  AUTH_RATE_LIMIT_PER_IP,
  BUILD_CHECK_MIN_GAP_MS,
  BUILD_POLL_INTERVAL_MS,
  DEFAULT_APP_NAME,
} from "~/lib/constants";
import type { FeatureSettings } from "./features.server";
import { tracingConfigOf, tracingVariables } from "./tracing/config.server";
import { trustProxyVariable } from "./trusted-proxies.server";

const PORT_ERROR = "must be a port number from 1 to 65535";
/** The longest delay a browser timer accepts (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
const POLL_ERROR = `must be a number of milliseconds from ${BUILD_CHECK_MIN_GAP_MS} to ${MAX_TIMER_MS}`;
const RATE_LIMIT_ERROR = "must be a whole number of attempts, at least 1";
const DATABASE_URL_ERROR =
  "must be a postgres:// or postgresql:// URL, e.g. postgres://app:secret@db.internal:5432/app";
const REDIS_URL_ERROR = "must be a redis:// or rediss:// URL, e.g. redis://cache.internal:6379";
const SMTP_URL_ERROR = "must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465";
const METRICS_PORT_ERROR =
  "must differ from PORT: the metrics have a port of their own, never the public one";
const MAIL_FROM_ERROR = 'must be an address, e.g. no-reply@example.com or "Example <no-reply@example.com>"';

/**
 * The app's configuration, read from the environment once at start and
 * validated here, so a bad value stops the start with one line naming the
 * variable instead of failing later inside a request.
 */
const coreVariables = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { error: "must be development, production or test" })
    .default("development"),
  PORT: z.coerce
    .number({ error: PORT_ERROR })
    .int(PORT_ERROR)
    .min(1, PORT_ERROR)
    .max(65535, PORT_ERROR)
    .default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  /** The port of the Prometheus metrics (`GET /metrics`), a listener of their own; unset, no metrics at all. */
  METRICS_PORT: z.coerce
    .number({ error: PORT_ERROR })
    .int(PORT_ERROR)
    .min(1, PORT_ERROR)
    .max(65535, PORT_ERROR)
    .optional(),
  /** Where the metrics listen: loopback, unless a scraper on another machine must reach them. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** The public URL people use, e.g. https://app.example.com. */
  APP_URL: z
    .url({
      protocol: /^https?$/,
      normalize: true,
      error: "must be an http(s) URL, e.g. https://app.example.com",
    })
    .optional(),
  APP_NAME: z.string().trim().min(1).max(60, "must be at most 60 characters").default(DEFAULT_APP_NAME),
  DATA_DIR: z.string().min(1).default("./data"),
  /** PostgreSQL instead of the embedded SQLite: every instance that shares it acts as one app. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: DATABASE_URL_ERROR }).optional(),
  /** Redis for what instances must share besides the database: the rate-limit counters. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: REDIS_URL_ERROR }).optional(),
  /** The mail server; without it mails are written to `DATA_DIR/outbox/`. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: SMTP_URL_ERROR }).optional(),
  /** The mails' sender; by default `"{APP_NAME}" <no-reply@{APP_URL's host}>`. */
  MAIL_FROM: z
    .string()
    .trim()
    .max(320, MAIL_FROM_ERROR)
    .regex(/^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, MAIL_FROM_ERROR)
    .optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (try: openssl rand -base64 32)").optional(),
  /** How often open pages ask whether a new build was deployed. */
  BUILD_POLL_INTERVAL_MS: z.coerce
    .number({ error: POLL_ERROR })
    .int(POLL_ERROR)
    .min(BUILD_CHECK_MIN_GAP_MS, POLL_ERROR)
    .max(MAX_TIMER_MS, POLL_ERROR)
    .default(BUILD_POLL_INTERVAL_MS),
  LOG_LEVEL: z
    .enum(["debug", "info", "warn", "error", "silent"], {
      error: "must be debug, info, warn, error or silent",
    })
    .default("info"),
  /** Mounts the routes the end-to-end suite uses to provoke failures. */
  E2E_TEST_ROUTES: z.enum(["0", "1"], { error: "must be 0 or 1" }).default("0"),
  /**
   * The reverse proxies in front of the app, by address (`127.0.0.1/32,::1/128`).
   * Unset: none, the socket's address is the client and `X-Forwarded-For`
   * is ignored; only a listed peer's `X-Forwarded-For` is read.
   */
  TRUST_PROXY: trustProxyVariable,
  /** Sign-in, sign-up, passkey and OAuth attempts allowed per client IP per window. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce
    .number({ error: RATE_LIMIT_ERROR })
    .int(RATE_LIMIT_ERROR)
    .min(1, RATE_LIMIT_ERROR)
    .default(AUTH_RATE_LIMIT_PER_IP),
  /** Traces (OpenTelemetry), off unless an OTLP endpoint is named: `tracing/config.server.ts`. */
  ...tracingVariables,
});

/** The core's values, with what follows from them (`APP_URL` made an origin, the default sender). */
function withDerived<Values extends z.infer<typeof coreVariables>>(env: Values) {
  const appUrl = new URL(env.APP_URL ?? `http://localhost:${env.PORT}`);
  return {
    ...env,
    APP_URL: appUrl.origin,
    MAIL_FROM: env.MAIL_FROM ?? defaultSender(env.APP_NAME, appUrl),
    isHttps: appUrl.protocol === "https:",
    /** Where traces go, or `undefined` when they are off. */
    tracing: tracingConfigOf(env),
  };
}

/**
 * The core's schema with the listed features' variables (`ServerFeature.config`):
 * their checks, and their settings under their keys. Built when first
 * needed: the features import the core.
 */
function withFeatures() {
  const configs = serverFeatures().flatMap((feature) => (feature.config ? [feature.config] : []));
  const variables: Record<string, z.ZodType> = Object.assign(
    {},
    ...configs.map((config) => config.variables),
  );
  return coreVariables
    .safeExtend(variables)
    .superRefine((env, ctx) => {
      // The public port must never answer the metrics.
      if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
        ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: METRICS_PORT_ERROR });
      }
      for (const config of configs) {
        for (const { variable, message } of config.check?.(env) ?? []) {
          ctx.addIssue({ code: "custom", path: [variable], message });
        }
      }
    })
    .transform((env): Env => {
      const settings = configs.map((config) => [config.key, config.read(env)]);
      // The core's variables keep their types under the features' (a record of any names).
      const core = env as z.infer<typeof coreVariables> & typeof env;
      return { ...withDerived(core), ...Object.fromEntries(settings) };
    });
}

/** `"React Starter" <no-reply@app.example.com>`: the app's name, at its own host. */
function defaultSender(appName: string, appUrl: URL): string {
  return `"${appName.replace(/["\\\r\n]/g, "")}" <no-reply@${appUrl.hostname}>`;
}

export type Env = ReturnType<typeof withDerived<z.infer<typeof coreVariables>>> & FeatureSettings;

/** Thrown for a bad configuration; its message is the one line to print. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Thrown when the app cannot start for a reason outside it (an unreachable database); one line too. */
export class StartupError extends Error {
  override name = "StartupError";
}

/**
 * Parses a raw environment. Empty strings count as unset, so `PORT=` in a
 * `.env` file means "use the default". Values are never echoed back: a
 * secret in the wrong variable must not end up in a log.
 */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = withFeatures().safeParse(cleaned);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.join(".") || "environment";
  throw new ConfigError(`Invalid configuration: ${name}: ${issue?.message ?? "is invalid"}`);
}

let cached: Env | undefined;

/** The validated configuration of this process. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
