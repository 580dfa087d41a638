import { z } from "zod";
import { BUILD_CHECK_MIN_GAP_MS, BUILD_POLL_INTERVAL_MS, DEFAULT_APP_NAME } from "~/lib/constants";

const PORT_ERROR = "must be a port number from 1 to 65535";
/** The longest delay a browser timer accepts (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
const POLL_ERROR = `must be a number of milliseconds from ${BUILD_CHECK_MIN_GAP_MS} to ${MAX_TIMER_MS}`;

/**
 * The app's configuration, read from the environment once at start and
 * validated here, so a bad value stops the start with one line naming the
 * variable instead of failing later inside a request.
 */
const envSchema = z
  .object({
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
    AUTH_SECRET: z
      .string()
      .min(32, "must be at least 32 characters (try: openssl rand -base64 32)")
      .optional(),
    /** How often open pages ask whether a new build was deployed (SPEC §6). */
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
  })
  .transform((env) => {
    const appUrl = new URL(env.APP_URL ?? `http://localhost:${env.PORT}`);
    return { ...env, APP_URL: appUrl.origin, isHttps: appUrl.protocol === "https:" };
  });

export type Env = z.infer<typeof envSchema>;

/** Thrown for a bad configuration; its message is the one line to print. */
export class ConfigError extends Error {
  override name = "ConfigError";
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
  const result = envSchema.safeParse(cleaned);
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
