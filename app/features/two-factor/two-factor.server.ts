/** better-auth's `twoFactor` plugin as the app configures it, recovery codes as keyed hashes, and the app's rules around the code step. */
import { createHmac, randomInt } from "node:crypto";
import { createHMAC } from "@better-auth/utils/hmac";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { Kysely } from "kysely";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { deviceTrustOf, passwordBudgetKey } from "~/server/limits/device-trust.server";
import type { FailureBudget, Ticket } from "~/server/limits/failure-budget.server";
import { tooManyAttemptsError } from "~/server/limits/rate-limit.server";
import type { Database } from "../../../db/schema";
import { AUTHENTICATOR_CODES, claimCodeStep } from "./authenticator-steps.server";
import { RECOVERY_CODE_COUNT, SECOND_STEP_SECONDS, secondStepPath, TRUSTED_BROWSER_DAYS } from "./constants";
import * as m from "./messages";

/** The hook context, as far as this module reads it. */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** better-auth's names for the second step's cookies (its `twoFactor` plugin). */
export const SECOND_STEP_COOKIE = "two_factor";
const TRUSTED_BROWSER_COOKIE = "trust_device";
/** The `verification` rows of trusted browsers start with this (their value is the user id). */
export const TRUSTED_BROWSER_PREFIX = "trust-device-";

/** The endpoints that check a code, and the answers that mean the code was wrong. */
export const VERIFY_APP_CODE = "/two-factor/verify-totp";
export const VERIFY_RECOVERY_CODE = "/two-factor/verify-backup-code";
export const CODE_ALREADY_USED = "CODE_ALREADY_USED";
const WRONG_CODE_ANSWERS = new Set(["INVALID_CODE", "INVALID_BACKUP_CODE", CODE_ALREADY_USED]);

// Recovery codes: ten letters and digits in two groups ("k7pqd-3mx9a"), without
// the look-alikes (0/o, 1/l/i): about 49 bits each, typed once and thrown away.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_CODE_SHAPE = /^[a-z0-9]{10}$/;
const HASH_PREFIX = "hmac-sha256:";

/** A new set of recovery codes, as the person is shown them once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
  });
}

/** A recovery code as typed ("K7PQD 3MX9A", "k7pqd3mx9a"), in the shape it was made in; null if it cannot be one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const compact = typed.toLowerCase().replace(/[\s-]/g, "");
  return RECOVERY_CODE_SHAPE.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : null;
}

/**
 * What is stored of a recovery code: an HMAC under the auth secret, so the
 * database alone (a leaked backup) gives neither the codes nor a way to
 * test guesses offline.
 */
export function recoveryCodeHash(secret: string, code: string): string {
  return `${HASH_PREFIX}${createHmac("sha256", secret).update(`recovery-code:${code}`).digest("base64url")}`;
}

/** The `backupCodes` column for a set of codes: their hashes, as JSON. */
export function storedRecoveryCodes(secret: string, codes: readonly string[]): string {
  return JSON.stringify(
    codes.map((code) => (code.startsWith(HASH_PREFIX) ? code : recoveryCodeHash(secret, code))),
  );
}

/** How many codes of a stored set are still unused. */
export function recoveryCodesLeft(stored: string | null | undefined): number {
  try {
    const codes: unknown = JSON.parse(stored ?? "[]");
    return Array.isArray(codes) ? codes.length : 0;
  } catch {
    return 0;
  }
}

/**
 * better-auth's `twoFactor` plugin, as this app uses it: authenticator
 * codes after the password, ten recovery codes stored as keyed hashes
 * (the plugin's `verify-backup-code` is handed the hash of what was typed:
 * `second-step.server.ts`), "trust this browser" for 30 days, and no
 * lockout of its own: wrong codes count against the app's failure budget
 * (`secondStepLimits`). Turning it on and off is the dashboard's
 * (`dashboard/two-factor-settings.server.ts`): it asks for a recent sign-in
 * and a code, not the password the plugin's own endpoints want.
 */
export function twoStepSignIn(secret: string) {
  return twoFactor({
    allowPasswordless: true,
    // The codes `claimCodeStep` finds the time step of, made as better-auth checks them.
    totpOptions: AUTHENTICATOR_CODES,
    trustDeviceMaxAge: TRUSTED_BROWSER_DAYS * 24 * 60 * 60,
    twoFactorCookieMaxAge: SECOND_STEP_SECONDS,
    accountLockout: { enabled: false },
    backupCodeOptions: {
      amount: RECOVERY_CODE_COUNT,
      customBackupCodesGenerate: newRecoveryCodes,
      storeBackupCodes: {
        encrypt: async (codes) => storedRecoveryCodes(secret, JSON.parse(codes) as string[]),
        // The stored hashes are what `verify-backup-code` compares the typed code's hash with.
        decrypt: async (stored) => stored,
      },
    },
  });
}

/**
 * Whether this request's "trust this browser" cookie holds for `userId`,
 * checked as the plugin checks it: its HMAC, and a trusted-browser row that
 * has not expired or been forgotten from the dashboard.
 */
async function isTrustedBrowser(ctx: HookContext, userId: string): Promise<boolean> {
  const cookie = ctx.context.createAuthCookie(TRUSTED_BROWSER_COOKIE);
  const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  const [token, identifier] = typeof value === "string" ? value.split("!") : [];
  if (!token || !identifier?.startsWith(TRUSTED_BROWSER_PREFIX)) return false;
  const expected = await createHMAC("SHA-256", "base64urlnopad").sign(
    ctx.context.secret,
    `${userId}!${identifier}`,
  );
  if (token !== expected) return false;
  const row = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return Boolean(row && row.value === userId && row.expiresAt.getTime() > Date.now());
}

/** Every browser trusted to skip the code for the account asks for it again (turning it off, signing out everywhere). */
export async function forgetTrustedBrowsers(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .deleteFrom("verification")
    .where("identifier", "like", `${TRUSTED_BROWSER_PREFIX}%`)
    .where("value", "=", userId)
    .execute();
}

/** Whether the account asks for a second step (its flag, as the database has it now). */
async function asksForCode(
  ctx: { context: Pick<HookContext["context"], "internalAdapter"> },
  userId: string,
): Promise<boolean> {
  const user = await ctx.context.internalAdapter.findUserById(userId);
  return Boolean((user as { twoFactorEnabled?: unknown } | null)?.twoFactorEnabled);
}

/** The endpoints where a first factor ends: the password, and every provider's callback. */
const FIRST_FACTOR_PATHS = new Set(["/sign-in/email", "/callback/:id"]);

/**
 * Whether the session being made now is only the first step of a sign-in
 * (the account asks for a code, and this browser is not trusted): the
 * activity log waits for the second step before it says "signed in".
 */
export async function isFirstStepOnly(ctx: HookContext | null, userId: string): Promise<boolean> {
  if (!ctx?.path || !FIRST_FACTOR_PATHS.has(ctx.path)) return false;
  return (await asksForCode(ctx, userId)) && !(await isTrustedBrowser(ctx, userId));
}

/**
 * Starts the second step as the plugin does after a password: a challenge
 * row for the account (with its tries), named by a signed cookie.
 */
async function startSecondStep(ctx: HookContext, userId: string) {
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + SECOND_STEP_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({
    value: "0",
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  const cookie = ctx.context.createAuthCookie(SECOND_STEP_COOKIE, { maxAge: SECOND_STEP_SECONDS });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
}

/** The path (and query) a callback was sending the browser to, when it is ours. */
function returnPathOf(returned: unknown, baseURL: string): string {
  const headers = isAPIError(returned) ? new Headers(returned.headers as HeadersInit) : null;
  const location = headers?.get("location");
  if (!location) return DEFAULT_SIGNED_IN_PATH;
  const url = new URL(location, baseURL);
  return url.origin === new URL(baseURL).origin ? `${url.pathname}${url.search}` : DEFAULT_SIGNED_IN_PATH;
}

/**
 * The attempt each endpoint call claimed, by its better-auth context (one
 * object per call, which its before and after hooks share).
 */
const claimedAttempts = new WeakMap<object, Ticket>();

/**
 * better-auth plugin: the app's rules around the second step.
 *
 * - A provider's sign-in asks for the code too. The plugin stops only the
 *   password sign-in; here the session a provider's callback just made is
 *   taken back (unless the browser is trusted), and the browser goes to
 *   the second step instead, then on to where it was going.
 * - Every code checked (at sign-in, and on the dashboard) first claims an
 *   attempt from the account's failure budget, the one wrong passwords
 *   count against (`password-attempts.server.ts`): only a wrong code stays
 *   counted, and past the budget the answer is `429` with `Retry-After`.
 * - An authenticator code is accepted once: its time step is used up in the
 *   database before better-auth checks the code, and a code of that step or
 *   an earlier one is refused (`claimCodeStep`), on every instance and after
 *   a restart, so a code seen over a shoulder or replayed from a log is
 *   worth nothing. This holds wherever a code is checked: the sign-in's
 *   code step and the dashboard's changes all call `verify-totp`, and the
 *   rule reads the very `code` the endpoint is given.
 *
 * It must come before `passwordAttemptLimits`, whose after-hook treats any
 * new session as a completed sign-in.
 */
export function secondStepLimits(budget: FailureBudget, db: Kysely<Database>) {
  /** Whose code this is: the signed-in person's (dashboard), else the pending sign-in's. */
  async function subjectOf(ctx: HookContext): Promise<{ userId: string; email: string } | null> {
    const session = await getSessionFromCtx(ctx);
    if (session) return { userId: session.user.id, email: session.user.email };
    const cookie = ctx.context.createAuthCookie(SECOND_STEP_COOKIE);
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return null;
    const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
    const user = challenge && (await ctx.context.internalAdapter.findUserById(challenge.value));
    return user ? { userId: user.id, email: user.email } : null;
  }

  const claim = createAuthMiddleware(async (ctx) => {
    const subject = await subjectOf(ctx);
    if (!subject) return; // No session and no challenge: the endpoint refuses it.
    const { key } = passwordBudgetKey(deviceTrustOf(ctx.context, ctx.headers), subject);
    const claimed = await budget.claim(key);
    if (!claimed.allowed) throw tooManyAttemptsError(claimed.retryAfterSeconds);
    claimedAttempts.set(ctx.context, claimed.ticket);
    if (ctx.path !== VERIFY_APP_CODE) return;
    const code = (ctx.body as { code?: unknown } | undefined)?.code;
    // Not text: the endpoint's own body rule refuses it.
    if (typeof code !== "string") return;
    if ((await claimCodeStep(db, ctx.context.secretConfig, subject.userId, code)) === "replayed") {
      throw new APIError("UNAUTHORIZED", {
        code: CODE_ALREADY_USED,
        message: m.codeUsedAlready(),
      });
    }
  });

  const settle = createAuthMiddleware(async (ctx) => {
    const ticket = claimedAttempts.get(ctx.context);
    if (!ticket) return;
    const returned = ctx.context.returned;
    const wrongCode = isAPIError(returned) && WRONG_CODE_ANSWERS.has(String(returned.body?.code));
    if (!wrongCode) await budget.refund(ticket);
  });

  const askAfterProvider = createAuthMiddleware(async (ctx) => {
    const signedIn = ctx.context.newSession;
    if (!signedIn || !(await isFirstStepOnly(ctx, signedIn.user.id))) return;
    const returnTo = returnPathOf(ctx.context.returned, ctx.context.baseURL);
    deleteSessionCookie(ctx, true);
    await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
    ctx.context.setNewSession(null);
    await startSecondStep(ctx, signedIn.user.id);
    throw ctx.redirect(secondStepPath(returnTo));
  });

  const checksCode = (ctx: { path?: string }) =>
    ctx.path === VERIFY_APP_CODE || ctx.path === VERIFY_RECOVERY_CODE;

  return {
    id: "second-step-limits",
    hooks: {
      before: [{ matcher: checksCode, handler: claim }],
      after: [
        { matcher: checksCode, handler: settle },
        { matcher: (ctx) => ctx.path === "/callback/:id", handler: askAfterProvider },
      ],
    },
  } satisfies BetterAuthPlugin;
}
