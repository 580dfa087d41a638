import { betterAuth } from "better-auth";
import type { Kysely } from "kysely";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SESSION_LIFETIME_SECONDS,
  SESSION_REFRESH_SECONDS,
} from "~/lib/constants";
import type { Env } from "./env.server";

type AuthOptions = {
  env: Pick<Env, "APP_URL" | "APP_NAME" | "isHttps">;
  kysely: Kysely<unknown>;
  secret: string;
};

/**
 * The better-auth instance: email + password accounts, sessions stored in
 * the database (so they can be listed and revoked), scrypt password hashes,
 * a fresh session id at every sign-in, and only the app's own origin trusted.
 */
export function createAuth({ env, kysely, secret }: AuthOptions) {
  return betterAuth({
    appName: env.APP_NAME,
    baseURL: env.APP_URL,
    secret,
    trustedOrigins: [env.APP_URL],
    database: { db: kysely, type: "sqlite" },
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
    },
    advanced: {
      useSecureCookies: env.isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The session cookie's name (it gains a `__Secure-` prefix over HTTPS). */
export async function sessionCookieName(auth: Auth): Promise<string> {
  return (await auth.$context).authCookies.sessionToken.name;
}
