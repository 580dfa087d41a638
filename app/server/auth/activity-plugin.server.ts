import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { featureEndpoint, signInStep } from "../feature-hooks.server";
import type { SignInChange, SignInFacts } from "../mail/templates.server";
import {
  countSessionCreated,
  countSessionsRevoked,
  countSignIn,
  type SignInOutcome,
} from "../metrics.server";
import { summarizeUserAgent } from "../user-agent.server";
import {
  priorSignIns,
  recordActivity,
  recordSignInChange,
  requestOrigin,
  type SignInChangeNotifier,
} from "./activity.server";

/** The endpoint context better-auth hands its hooks (only what is read here). */
type EndpointContext = {
  path?: string;
  params?: Record<string, string | undefined>;
  body?: unknown;
  headers?: Headers;
  context: { returned?: unknown; session?: { user: { id: string } } | null };
};

/**
 * How a new session was made, from the endpoint that made it; null when it
 * is no sign-in. The endpoints of a sign-in's second step
 * (`SignInStep.methods`) sign in only when no session sent them (the
 * dashboard's codes confirm a change of the signed-in person).
 */
export function signInMethodOf(
  path: string | undefined,
  params?: Record<string, string | undefined>,
  signedIn = false,
) {
  if (path === "/sign-in/email" || path === "/sign-up/email" || path === "/sign-up/confirm")
    return "password";
  const featureSignIn = featureEndpoint(path)?.signIn;
  if (featureSignIn) return featureSignIn.method;
  if (path === "/callback/:id" && params?.id) return params.id;
  const step = path && !signedIn ? signInStep()?.methods[path] : undefined;
  return step?.method ?? null;
}

/** Endpoints whose success is an entry of its own, by the signed-in person (and the features', `AuthEndpoint.entry`). */
const ENTRY_FOR_PATH: Record<string, string> = {
  "/change-password": "password-changed",
};

/** Password checks of a signed-in person whose failure is an entry of its own (the wrong password counts, too). */
const REFUSAL_FOR_PATH: Record<string, string> = {
  "/change-password": "password-change-refused",
  "/delete-user": "account-deletion-refused",
  "/verify-password": "password-check-failed",
};

/**
 * A refused sign-in's outcome: a `429` is a lock (the wrong-password budget
 * counts its own refusals, which come before the endpoint runs), a wrong
 * password or an unknown address is `wrong_password`, anything else `failed`.
 */
function refusalOf(returned: unknown): SignInOutcome {
  if (!isAPIError(returned)) return "failed";
  if (returned.statusCode === 429) return "locked";
  return returned.body?.code === "INVALID_EMAIL_OR_PASSWORD" ? "wrong_password" : "failed";
}

/**
 * A session better-auth deleted (sign-out, "sign out everywhere", a password
 * reset or change, the account's deletion) counts as revoked while it had
 * not expired yet. A sign-in's own endpoint deletes only the session of a
 * first factor that waits for its second step, which was never counted as
 * created.
 */
async function onSessionDeleted(session: { expiresAt: Date | string }, ctx: EndpointContext | null) {
  if (signInMethodOf(ctx?.path, ctx?.params, Boolean(ctx?.context.session))) return;
  if (new Date(session.expiresAt).getTime() > Date.now()) countSessionsRevoked();
}

/** Whether the user was created with this sign-in (an account made by a provider). */
const NEW_USER_WINDOW_MS = 60_000;

/**
 * better-auth plugin: keeps the activity log. Successful sign-ins are seen
 * where every method ends, the creation of a session (password, each
 * provider, a feature's such as a passkey), which also tells a sign-in from
 * a browser never seen on this account; failed ones at their endpoints,
 * when the account is known (a wrong password for an existing email, a
 * feature's attempt whose owner it can tell, such as a known passkey that
 * failed to verify). A failed sign-in for an email with no account has nobody to
 * belong to and is not kept (the rate limits still count it). A wrong
 * password while signed in (changing it, deleting the account) is kept too.
 * Account changes are logged when their endpoint succeeds, whichever door
 * the call came through.
 */
export function activityLog(
  kysely: Kysely<Database>,
  {
    onNewDevice,
    onSignInChange,
  }: {
    /** Called after a sign-in from a browser never seen on the account is logged (the notice mail). */
    onNewDevice?: (userId: string, facts: SignInFacts) => Promise<void>;
    /** Called after a way into the account was added or replaced is logged (the notice mail). */
    onSignInChange?: SignInChangeNotifier;
  } = {},
) {
  /** Requests that created a user: the account created with it is the sign-up, not a link. */
  const createdAUser = new WeakSet<object>();

  const recordChange = (userId: string, change: SignInChange, headers: Headers | undefined) =>
    recordSignInChange(kysely, userId, change, headers, onSignInChange);

  async function userIdOfEmail(email: unknown): Promise<string | null> {
    if (typeof email !== "string") return null;
    const row = await kysely
      .selectFrom("user")
      .select("id")
      .where("email", "=", email.trim().toLowerCase())
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async function onSessionCreated(
    session: { userId: string; ipAddress?: string | null; userAgent?: string | null; createdAt: Date },
    ctx: EndpointContext | null,
  ) {
    const method = signInMethodOf(ctx?.path, ctx?.params, Boolean(ctx?.context.session));
    if (!method) {
      countSessionCreated();
      return; // A session made by a password change, not a sign-in.
    }
    // The password (or provider) was right, but the sign-in waits for its second step: logged then.
    const step = signInStep();
    if (await step?.isFirstStepOnly(ctx, session.userId)) {
      countSignIn(method, "second_step");
      return;
    }
    countSessionCreated();
    countSignIn(method, "success");
    const browser = summarizeUserAgent(session.userAgent).label;
    const entry = { userId: session.userId, method, browser, ip: session.ipAddress ?? null };
    const prior = await priorSignIns(kysely, session.userId, browser);
    const user = await kysely
      .selectFrom("user")
      .select("createdAt")
      .where("id", "=", session.userId)
      .executeTakeFirst();
    const isNewUser =
      !prior.any &&
      user &&
      new Date(session.createdAt).getTime() - new Date(user.createdAt).getTime() < NEW_USER_WINDOW_MS;
    await recordActivity(kysely, { ...entry, kind: isNewUser ? "sign-up" : "sign-in" });
    const facts = { at: new Date(session.createdAt), browser, ip: entry.ip };
    if (prior.any && !prior.fromBrowser) {
      await recordActivity(kysely, { ...entry, kind: "new-device" });
      await onNewDevice?.(session.userId, facts);
    }
    // A second step that asks for it (a recovery code: a lost phone, or someone who found the codes): the owner is told.
    const notice = ctx?.path ? step?.methods[ctx.path]?.notify : undefined;
    if (notice) await onSignInChange?.(session.userId, notice, facts);
  }

  async function onAccountCreated(
    account: { userId: string; providerId: string },
    ctx: EndpointContext | null,
  ) {
    // The account a new user was made with: the sign-up entry says it.
    if (!ctx || ctx.path === "/sign-up/email" || createdAUser.has(ctx)) return;
    const change: SignInChange =
      account.providerId === "credential"
        ? { kind: "password-set" }
        : { kind: "provider-linked", providerId: account.providerId };
    await recordChange(account.userId, change, ctx.headers);
  }

  async function onAccountDeleted(
    account: { userId: string; providerId: string },
    ctx: EndpointContext | null,
  ) {
    if (ctx?.path !== "/unlink-account") return; // Deleting the whole user deletes accounts too.
    await recordActivity(kysely, {
      userId: account.userId,
      kind: "provider-unlinked",
      method: account.providerId === "credential" ? "password" : account.providerId,
      ...requestOrigin(ctx.headers),
    });
  }

  const after = createAuthMiddleware(async (ctx) => {
    const failed = isAPIError(ctx.context.returned);
    const path = ctx.path ?? "";
    const featureSignIn = featureEndpoint(path)?.signIn;
    if (failed && (path === "/sign-in/email" || featureSignIn)) {
      countSignIn(featureSignIn ? featureSignIn.method : "password", refusalOf(ctx.context.returned));
      const userId = featureSignIn
        ? await featureSignIn.ownerOf(kysely, ctx.body)
        : await userIdOfEmail((ctx.body as { email?: unknown } | undefined)?.email);
      if (!userId) return;
      await recordActivity(kysely, {
        userId,
        kind: "sign-in",
        method: featureSignIn ? featureSignIn.method : "password",
        success: false,
        ...requestOrigin(ctx.headers),
      });
      return;
    }
    const userId = ctx.context.session?.user.id;
    const refusal = REFUSAL_FOR_PATH[path];
    const returned = ctx.context.returned as { body?: { code?: unknown } } | undefined;
    if (failed && refusal && userId && returned?.body?.code === "INVALID_PASSWORD") {
      await recordActivity(kysely, { userId, kind: refusal, success: false, ...requestOrigin(ctx.headers) });
      return;
    }
    const featureEntry = featureEndpoint(path)?.entry;
    const kind = ENTRY_FOR_PATH[path] ?? featureEntry?.kind;
    if (failed || !kind || !userId) return;
    if (kind === "password-changed") {
      await recordChange(userId, { kind }, ctx.headers);
      return;
    }
    if (featureEntry?.notice) {
      await recordChange(userId, { kind, what: featureEntry.notice }, ctx.headers);
      return;
    }
    await recordActivity(kysely, { userId, kind, ...requestOrigin(ctx.headers) });
  });

  return {
    id: "activity-log",
    init: () => ({
      options: {
        databaseHooks: {
          session: { create: { after: onSessionCreated }, delete: { after: onSessionDeleted } },
          user: {
            create: {
              after: async (_user: unknown, ctx: EndpointContext | null) => {
                if (ctx) createdAUser.add(ctx);
              },
            },
          },
          account: { create: { after: onAccountCreated }, delete: { after: onAccountDeleted } },
        },
      },
    }),
    hooks: {
      after: [{ matcher: (ctx) => Boolean(ctx.path), handler: after }],
    },
  } satisfies BetterAuthPlugin;
}
