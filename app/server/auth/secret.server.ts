import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, type Env } from "../env.server";

const SECRET_FILE = "auth-secret";

/**
 * The secret that signs session cookies. `AUTH_SECRET` wins; without it, a
 * development or plain-HTTP install gets a random secret kept in `DATA_DIR`
 * (created once, and said so once), while production over HTTPS refuses to
 * start: a generated secret there would silently sign people out whenever the
 * data folder is replaced. So does a PostgreSQL install, whose instances
 * must all sign with one secret. Checked at start, not in `parseEnv`: a
 * build (prerendering) reads the configuration too, and needs no secret.
 */
export function resolveAuthSecret(
  env: Pick<Env, "AUTH_SECRET" | "DATA_DIR" | "NODE_ENV" | "isHttps"> & Partial<Pick<Env, "DATABASE_URL">>,
  log: (message: string) => void = console.info,
): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  if (env.DATABASE_URL) {
    // A secret generated into DATA_DIR would differ per instance: a session
    // made through one would be refused by the others.
    throw new ConfigError(
      "Invalid configuration: AUTH_SECRET: is required when DATABASE_URL is set (every instance must sign sessions with the same secret)",
    );
  }
  if (env.NODE_ENV === "production" && env.isHttps) {
    throw new ConfigError(
      "Invalid configuration: AUTH_SECRET is required in production over HTTPS (try: openssl rand -base64 32)",
    );
  }
  const file = join(env.DATA_DIR, SECRET_FILE);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(env.DATA_DIR, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  log(`No AUTH_SECRET set: created a random one in ${file} (set AUTH_SECRET to choose your own).`);
  return secret;
}
