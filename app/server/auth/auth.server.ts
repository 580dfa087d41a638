import { betterAuth } from "better-auth";
import type { Kysely } from "kysely";
import {
  CLIENT_IP_HEADER,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RESET_TOKEN_SECONDS,
  SESSION_FRESH_AGE_SECONDS,
  SESSION_LIFETIME_SECONDS,
} from "~/lib/constants";
import type { Database } from "../../../db/schema";
import type { OpenedDatabase } from "../db/database.server";
import { isDatabaseUnavailable } from "../db/database-errors.server";
import type { Env } from "../env.server";
import { featureAuthOptions, featureAuthPlugins, signInAccountIds } from "../feature-hooks.server";
import type { FeatureSettings } from "../features.server";
import { addressLimits } from "../limits/address-limits.server";
import { passwordAttemptLimits, verifyPasswordWithinBudget } from "../limits/password-attempts.server";
import { hashPasswordInTurn } from "../limits/password-hashing.server";
import { type AuthRateLimits, createAuthRateLimits } from "../limits/rate-limit.server";
import { mailOutbox } from "../mail/outbox.server";
import { verificationStorage } from "../mail/tokens.server";
import { absoluteSessionLifetime } from "../session/lifetime.server";
import { requirePasswordToDelete } from "./account-deletion.server";
import { type AccountMail, accountMail } from "./account-mail.server";
import { activityLog } from "./activity-plugin.server";
import { fieldRules } from "./field-rules.server";
import { freshSignInToAddAWayIn, keepOneWayIn } from "./sign-in-methods.server";
import { emailFirstSignUp } from "./sign-up-endpoint.server";

/** How often a used session's expiry is pushed forward (one write a day at most). */
const SESSION_REFRESH_SECONDS = 24 * 60 * 60;

/** Where better-auth's messages go: the app's JSON log (`server/request-log.ts`). */
export type AuthLog = (record: {
  level: "debug" | "info" | "warn" | "error";
  msg: string;
  detail?: string;
}) => void;

/** Without a log (unit tests): to stderr, one JSON object per line all the same. */
const stderrLog: AuthLog = (record) => process.stderr.write(`${JSON.stringify(record)}\n`);

type AuthOptions = {
  /** The core's settings, and the features' under their keys (`ServerFeature.config`). */
  env: Pick<Env, "APP_URL" | "APP_NAME" | "isHttps"> & FeatureSettings;
  kysely: Kysely<Database>;
  /** Which database `kysely` talks to (`openDatabase` says); SQLite when not given. */
  dialect?: OpenedDatabase["dialect"];
  secret: string;
  /** The account mails (reset, verification, new-device notice); unit tests may leave it out. */
  mail?: AccountMail;
  /** The limits and the failure budget the auth endpoints apply; fresh in-memory ones when not given. */
  rateLimits?: AuthRateLimits;
  log?: AuthLog;
};

/**
 * The better-auth instance: email + password accounts, what the listed
 * features add (sign-in providers, passkeys, a sign-in's second step), sessions stored in the
 * database (so they can be listed and revoked) with an absolute lifetime,
 * scrypt password hashes, a fresh session id at every sign-in, only the
 * app's own origin trusted, an activity log, and never an account left
 * without a way to sign in.
 */
export function createAuth({
  env,
  kysely,
  dialect = "sqlite",
  secret,
  mail = accountMail({ env, outbox: mailOutbox({ kysely, secret }) }),
  rateLimits = createAuthRateLimits(),
  log = stderrLog,
}: AuthOptions) {
  const added = featureAuthOptions({ env, warn: (message) => log({ level: "warn", msg: message }) });
  return betterAuth({
    appName: env.APP_NAME,
    baseURL: env.APP_URL,
    secret,
    trustedOrigins: [env.APP_URL],
    database: { db: kysely, type: dialect },
    telemetry: { enabled: false },
    // better-auth's own spans stay off: each would load `@opentelemetry/api` at the
    // first call, traces or not. The app's spans for `auth.api` are `auth-spans.server.ts`'.
    experimental: { instrumentation: { enabled: false } },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      // scrypt, one per core at a time, and never a password checked without an attempt claimed from its budget.
      password: { hash: hashPasswordInTurn, verify: verifyPasswordWithinBudget },
      // Signing in works before the address is verified (a documented choice).
      requireEmailVerification: false,
      sendResetPassword: async ({ user, token }) => mail.sendPasswordReset({ user, token }),
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TOKEN_SECONDS,
      // A new password ends every session; the reset page then signs its browser in again.
      revokeSessionsOnPasswordReset: true,
    },
    // Tokens of mailed links are kept hashed; other values (OAuth states, passkey challenges) as they are.
    verification: { storeIdentifier: verificationStorage() },
    socialProviders: added.socialProviders,
    // The first four run first: malformed input is refused before anything
    // is counted, and per-address limits before a password is checked.
    plugins: [
      fieldRules(),
      addressLimits(rateLimits),
      // A stale session is refused before a password it sends is counted.
      freshSignInToAddAWayIn(),
      // The features' (a sign-in's second step, say): before the password limits,
      // whose after-hook takes any new session for a completed sign-in.
      ...featureAuthPlugins({ env, secret, db: kysely, rateLimits }),
      passwordAttemptLimits(rateLimits.passwords),
      // The listed features' better-auth parts (OpenID Connect, for one).
      ...added.plugins,
      activityLog(kysely, {
        onNewDevice: mail.sendNewDeviceNotice,
        onSignInChange: mail.sendSignInChangeNotice,
      }),
      mail.plugin,
      keepOneWayIn(kysely, signInAccountIds(env)),
      requirePasswordToDelete(kysely),
      emailFirstSignUp({ kysely, rateLimits, log }),
      absoluteSessionLifetime(kysely),
    ],
    // `allowUnlinkingAll`: our own rule (keepOneWayIn) also counts passkeys.
    account: {
      ...added.account,
      accountLinking: { allowUnlinkingAll: true, ...added.account.accountLinking },
    },
    session: {
      expiresIn: SESSION_LIFETIME_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      // Deleting an account without a password, and unlinking a provider,
      // need a sign-in this recent. The cookie cache stays off: a revoked
      // session must be signed out at its very next request.
      freshAge: SESSION_FRESH_AGE_SECONDS,
      cookieCache: { enabled: false },
    },
    user: {
      ...added.user,
      // The language the person chose (db/migrations/0016-user-locale.ts): set by the language switch alone.
      additionalFields: {
        ...added.user?.additionalFields,
        locale: { type: "string", required: false, input: false },
      },
      deleteUser: { enabled: true },
    },
    databaseHooks: added.databaseHooks,
    // Verification links are ours (single use, hashed: account-mail.server.ts);
    // better-auth's own JWT links stay closed. So does its sign-up, which
    // creates the account before the mailbox is proven: accounts are made
    // email first (auth/sign-up.server.ts). The HTTP edge's allowlist closes them
    // too (server/auth-api.ts); this keeps them closed if it ever opens.
    disabledPaths: ["/send-verification-email", "/verify-email", "/sign-up/email"],
    // Errors that are not answers (a bug, the database away) are thrown to the
    // HTTP edge, which logs them as JSON and answers 500 or 503. A feature
    // may name the page refused redirects land on (`errorURL`).
    onAPIError: { ...added.onAPIError, throw: true },
    // Our own limiter counts sign-ins at the HTTP edge and in the login
    // actions (per IP and per account, with Retry-After); better-auth's
    // would count some of the same requests a second time.
    rateLimit: { enabled: false },
    advanced: {
      useSecureCookies: env.isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      // The HTTP edge overwrites this header with the client IP it resolved
      // (TRUST_PROXY), so a client cannot choose its session's recorded IP.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      level: "error",
      // One JSON object per line, like every other log line: text a request
      // put in a message (a callback URL, an email) is escaped by the JSON
      // encoding and cannot start a line of its own. A database outage is
      // answered 503 and logged by the HTTP edge, once per request.
      log: (level, message, ...args) => {
        if (args.some((arg) => isDatabaseUnavailable(arg))) return;
        const detail = args
          .filter((arg) => arg !== undefined)
          .map((arg) => (arg instanceof Error ? arg.message : String(arg)))
          .join(" ");
        log({ level, msg: `better-auth: ${message}`, ...(detail ? { detail } : {}) });
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** A signed-in session as better-auth reads it: the session row and its user. */
export type AuthSession = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;

/** The session cookie's name (it gains a `__Secure-` prefix over HTTPS). */
export async function sessionCookieName(auth: Auth): Promise<string> {
  return (await auth.$context).authCookies.sessionToken.name;
}
