import { tryGetCurrentAuthEndpointContext } from "@better-auth/core/context";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { emailAddress } from "~/lib/fields";
import * as m from "../messages";
import { countSignIn } from "../metrics.server";
import {
  deviceCookie,
  deviceTrustOf,
  encodeDeviceTrust,
  passwordBudgetKey,
  trustAfterSignIn,
} from "./device-trust.server";
import type { FailureBudget, Ticket } from "./failure-budget.server";
import { verifyPasswordInTurn } from "./password-hashing.server";
import { tooManyAttemptsError } from "./rate-limit.server";

const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The hook context, as far as this module reads it. */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose password an attempt checks: the account's email, and its user id when known. */
type Subject = { email: string; userId: string | null };

/**
 * The attempt each endpoint call claimed, by its better-auth context (one
 * object per call, shared by its hooks and the endpoint): kept between the
 * hooks, and seen by `verifyPasswordWithinBudget`.
 */
const claimedAttempts = new WeakMap<object, Ticket>();

/** The session's person: a password check of someone signed in (re-authentication). */
async function sessionSubject(ctx: HookContext): Promise<Subject | null> {
  const session = await getSessionFromCtx(ctx);
  return session ? { email: session.user.email, userId: session.user.id } : null;
}

/**
 * A password sign-in: the account is the body's `email`, as the field rules
 * pass it on to better-auth. Its user id is looked up only when a device
 * cookie could vouch for it.
 */
async function signInSubject(ctx: HookContext): Promise<Subject> {
  // The same rule `fieldRules` applies, so the budget's key is the address better-auth is given.
  const parsed = emailAddress.safeParse((ctx.body as { email?: unknown } | undefined)?.email);
  if (!parsed.success) {
    throw new APIError("BAD_REQUEST", { message: m.enterValidEmail(), code: "INVALID_EMAIL" });
  }
  const email = parsed.data;
  if (!deviceTrustOf(ctx.context, ctx.headers)) return { email, userId: null };
  const found = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
  return { email, userId: found?.user.id ?? null };
}

/**
 * Every endpoint that checks a password, and whose password it checks.
 * `verifyPasswordWithinBudget` refuses to check one anywhere else, so an
 * endpoint added by a library upgrade cannot become a password oracle.
 */
const PASSWORD_CHECKS: Record<string, (ctx: HookContext) => Promise<Subject | null>> = {
  "/sign-in/email": signInSubject,
  "/change-password": sessionSubject,
  "/verify-password": sessionSubject,
  // Without a password, deletion takes a fresh sign-in instead and checks nothing.
  "/delete-user": async (ctx) =>
    (ctx.body as { password?: unknown })?.password ? sessionSubject(ctx) : null,
};

/** better-auth's answers to a wrong password (or an unknown account, which must look the same). */
const WRONG_PASSWORD_CODES = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_PASSWORD"]);

const isPasswordCheck = (ctx: { path?: string }) =>
  Boolean(ctx.path && Object.hasOwn(PASSWORD_CHECKS, ctx.path));

/**
 * better-auth plugin: one failure budget for every password check, whichever
 * door it comes through (the sign-in form, the dashboard's password change
 * and account deletion, better-auth's own endpoints).
 *
 * - Before the check, an attempt is claimed from the budget of the account,
 *   or of this browser when its device cookie says it signed in to the
 *   account before; while the budget waits out its back-off, `429` with
 *   `Retry-After`, and no password is checked.
 * - After it, only a wrong password stays counted; anything else (a
 *   success, a malformed request) is given back.
 * - Every new session (any sign-in method) sets the device cookie for its
 *   account and clears this browser's failures there.
 */
export function passwordAttemptLimits(budget: FailureBudget) {
  const claim = createAuthMiddleware(async (ctx) => {
    const subject = await PASSWORD_CHECKS[ctx.path ?? ""]?.(ctx);
    if (!subject) return;
    const { key } = passwordBudgetKey(deviceTrustOf(ctx.context, ctx.headers), subject);
    const claimed = await budget.claim(key);
    if (!claimed.allowed) {
      if (ctx.path === "/sign-in/email") countSignIn("password", "locked");
      throw tooManyAttemptsError(claimed.retryAfterSeconds);
    }
    claimedAttempts.set(ctx.context, claimed.ticket);
  });

  const settle = createAuthMiddleware(async (ctx) => {
    const ticket = claimedAttempts.get(ctx.context);
    if (!ticket) return;
    const returned = ctx.context.returned;
    const wrongPassword = isAPIError(returned) && WRONG_PASSWORD_CODES.has(String(returned.body?.code));
    if (!wrongPassword) await budget.refund(ticket);
  });

  const trustThisDevice = createAuthMiddleware(async (ctx) => {
    const session = ctx.context.newSession;
    if (!session) return;
    const trust = trustAfterSignIn(deviceTrustOf(ctx.context, ctx.headers), session.user.id);
    const cookie = deviceCookie(ctx.context);
    ctx.setCookie(cookie.name, encodeDeviceTrust(trust, ctx.context.secret), {
      ...cookie.attributes,
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
    await budget.forget(passwordBudgetKey(trust, { email: session.user.email, userId: session.user.id }).key);
  });

  return {
    id: "password-attempt-limits",
    hooks: {
      before: [{ matcher: isPasswordCheck, handler: claim }],
      after: [
        { matcher: isPasswordCheck, handler: settle },
        { matcher: () => true, handler: trustThisDevice },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * better-auth's password check (scrypt), which refuses to run unless the
 * endpoint asking claimed an attempt from the failure budget: a password
 * is never checked outside `PASSWORD_CHECKS`.
 */
export async function verifyPasswordWithinBudget(data: { hash: string; password: string }): Promise<boolean> {
  const endpoint = tryGetCurrentAuthEndpointContext();
  if (!endpoint || !claimedAttempts.has(endpoint.context)) {
    throw new Error("A password was checked outside the failure budget: add its endpoint to PASSWORD_CHECKS");
  }
  return verifyPasswordInTurn(data);
}

/**
 * After a password reset: the person proved they read the account's
 * mailbox, so the account's failures, and this browser's, are forgotten
 * (the reset page then signs them in with the new password).
 */
export async function forgetPasswordFailures(
  context: Parameters<typeof deviceTrustOf>[0],
  budget: FailureBudget,
  headers: Headers,
  account: { email: string; userId: string },
): Promise<void> {
  const trust = deviceTrustOf(context, headers);
  await budget.forget(passwordBudgetKey(null, account).key);
  if (trust) await budget.forget(passwordBudgetKey(trust, account).key);
}
