import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { done, type Outcome, refused } from "../action-kit.server";
import { compiledQuery } from "../db/compiled-query.server";
import { featureEndpoint, featureWaysIn } from "../feature-hooks.server";
import type { SignInChange } from "../mail/templates.server";
import * as m from "../messages";
import { isFreshSignIn, NEEDS_FRESH_SIGN_IN, NOT_FRESH_CODE } from "../session/freshness.server";
import { recordSignInChange, type SignInChangeNotifier } from "./activity.server";

/**
 * The ways a person can sign in today: their password, providers that are
 * configured, and how many the features give (`AuthExtensions.waysIn`: a passkey each).
 */
export type WaysIn = { password: boolean; providers: readonly string[]; fromFeatures: number };

/** What someone asks to remove (`feature`: one of the ways a feature counts). */
export type Removal = { kind: "password" } | { kind: "provider"; providerId: string } | { kind: "feature" };

/** The refusal's code in better-auth's error body (its message: `m.lastWayIn`). */
export const LAST_WAY_IN_CODE = "LAST_SIGN_IN_METHOD";

/**
 * Whether removing `removal` still leaves a way to sign in. A provider
 * account counts only while that provider is configured: an account at a
 * provider the app no longer offers opens nothing.
 */
export function leavesAWayIn(ways: WaysIn, removal: Removal): boolean {
  const total = countWaysIn(ways);
  const counted =
    removal.kind === "password"
      ? ways.password
      : removal.kind === "provider"
        ? ways.providers.includes(removal.providerId)
        : ways.fromFeatures > 0;
  return total - (counted ? 1 : 0) > 0;
}

/** How many ways in these are. */
export function countWaysIn(ways: WaysIn): number {
  return (ways.password ? 1 : 0) + ways.providers.length + ways.fromFeatures;
}

/**
 * What the dashboard removes: the account at a provider (`credential`: the
 * password), or a way in a feature holds: `find` says whether the person
 * owns it, `remove` deletes it (both in the removal's transaction); the
 * rest is what the person reads and the log records.
 */
export type WayOut =
  | { kind: "account"; providerId: string }
  | {
      kind: "feature";
      find(trx: Kysely<Database>, userId: string): Promise<boolean>;
      remove(trx: Kysely<Database>, userId: string): Promise<void>;
      notFound: Outcome;
      removed: SignInChange;
      done: string;
    };

/** A person's accounts: password (`credential`) and providers, never the hash. */
export const listAccounts = compiledQuery((kysely, userId: string) =>
  kysely
    .selectFrom("account")
    .select((eb) => ["id", "providerId", "createdAt", eb("password", "is not", null).as("hasPassword")])
    .where("userId", "=", userId),
);

/** The ways in that a person's accounts and the features give, counting only configured providers. */
export function waysInOf(
  accounts: ReadonlyArray<{ providerId: string; hasPassword: unknown }>,
  fromFeatures: number,
  configured: readonly string[],
): WaysIn {
  return {
    password: accounts.some((account) => account.providerId === "credential" && Boolean(account.hasPassword)),
    providers: accounts.map((account) => account.providerId).filter((id) => configured.includes(id)),
    fromFeatures,
  };
}

/** A person's accounts, and their ways in. */
export async function readWaysIn(kysely: Kysely<Database>, userId: string, configured: readonly string[]) {
  const [accounts, fromFeatures] = await Promise.all([
    listAccounts(kysely, userId),
    featureWaysIn(kysely, userId),
  ]);
  return { accounts, ways: waysInOf(accounts, fromFeatures, configured) };
}

/**
 * Removes one way to sign in, unless it is the last one: the check and the
 * delete in one transaction, which starts by writing the person's row. That
 * locks the row on PostgreSQL (and the database on SQLite) until the end, so
 * two removals at once (the password and the last passkey, from two tabs or
 * two instances) run one after the other, and the second sees what the
 * first left.
 */
export async function removeWayIn(
  kysely: Kysely<Database>,
  { userId, target, configured }: { userId: string; target: WayOut; configured: readonly string[] },
): Promise<"removed" | "not-found" | "last-way-in"> {
  return kysely.transaction().execute(async (trx) => {
    await trx
      .updateTable("user")
      // The row written to itself: the lock is the point.
      .set((eb) => ({ updatedAt: eb.ref("updatedAt") }))
      .where("id", "=", userId)
      .execute();
    const { accounts, ways } = await readWaysIn(trx, userId, configured);
    if (target.kind === "account") {
      const account = accounts.find((candidate) => candidate.providerId === target.providerId);
      if (!account) return "not-found";
      const removal: Removal =
        account.providerId === "credential"
          ? { kind: "password" }
          : { kind: "provider", providerId: account.providerId };
      if (!leavesAWayIn(ways, removal)) return "last-way-in";
      await trx.deleteFrom("account").where("id", "=", account.id).execute();
      return "removed";
    }
    if (!(await target.find(trx, userId))) return "not-found";
    if (!leavesAWayIn(ways, { kind: "feature" })) return "last-way-in";
    await target.remove(trx, userId);
    return "removed";
  });
}

/**
 * The dashboard's "Unlink" and "Delete" of a sign-in method: a sign-in from
 * the last few minutes, then `removeWayIn`, then an entry in the activity
 * log and a notice to the owner. `name` is what the person reads of a provider ("GitHub").
 */
export async function removeSignInMethod(
  kysely: Kysely<Database>,
  headers: Headers,
  change: { userId: string; session: { createdAt: Date }; configured: readonly string[] },
  target: WayOut,
  name: string,
  notify?: SignInChangeNotifier,
): Promise<Outcome> {
  if (!isFreshSignIn(change.session)) return NEEDS_FRESH_SIGN_IN;
  const result = await removeWayIn(kysely, { ...change, target });
  if (result === "last-way-in") return refused(400, m.lastWayIn());
  // The password is named as such, a provider by its name ("GitHub").
  const kind = target.kind === "account" && target.providerId === "credential" ? "password" : "provider";
  if (result === "not-found") {
    return target.kind === "feature"
      ? target.notFound
      : refused(404, m.signInMethodNotLinked({ kind, name }));
  }
  const removed: SignInChange =
    target.kind === "feature" ? target.removed : { kind: "provider-unlinked", providerId: target.providerId };
  await recordSignInChange(kysely, change.userId, removed, headers, notify);
  return done(target.kind === "feature" ? target.done : m.signInMethodUnlinked({ kind, name }));
}

/**
 * better-auth plugin: the same rule for a server-side call of better-auth's
 * own endpoints (`auth.api.unlinkAccount`, a feature's that removes a way
 * in, such as deleting a passkey; their HTTP doors are closed): unlinking a
 * provider or the password, or removing a feature's way in, is refused with
 * `LAST_SIGN_IN_METHOD` when nothing would be left. It replaces
 * better-auth's own rule, which counts accounts only. The dashboard uses
 * `removeWayIn`, which is also safe against two removals at once.
 */
export function keepOneWayIn(kysely: Kysely<Database>, configuredProviders: readonly string[]) {
  const guard = createAuthMiddleware(async (ctx) => {
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // The endpoint itself answers 401.
    const { accounts, ways } = await readWaysIn(kysely, session.user.id, configuredProviders);
    const body = (ctx.body ?? {}) as { accountId?: unknown };
    let removal: Removal | null = null;
    if (ctx.path === "/unlink-account") {
      const account = accounts.find((candidate) => candidate.id === body.accountId);
      if (account) {
        removal =
          account.providerId === "credential"
            ? { kind: "password" }
            : { kind: "provider", providerId: account.providerId };
      }
    } else if (await featureEndpoint(ctx.path)?.removesAWayIn?.(kysely, session.user.id, ctx.body)) {
      removal = { kind: "feature" };
    }
    if (removal && !leavesAWayIn(ways, removal)) {
      throw new APIError("BAD_REQUEST", { message: m.lastWayIn(), code: LAST_WAY_IN_CODE });
    }
  });
  return {
    id: "keep-one-way-in",
    hooks: {
      before: [
        {
          matcher: (ctx) =>
            ctx.path === "/unlink-account" || Boolean(featureEndpoint(ctx.path)?.removesAWayIn),
          handler: guard,
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** Endpoints that add or replace a way into an account (and the features' that say so): each needs a sign-in from the last few minutes. */
const ADDS_A_WAY_IN = new Set(["/change-password", "/link-social"]);
const addsAWayIn = (path: string | undefined) =>
  ADDS_A_WAY_IN.has(path ?? "") || Boolean(featureEndpoint(path)?.addsAWayIn);

/**
 * better-auth plugin: a stolen session cannot add a way in. Setting or
 * changing the password, linking a provider and a feature's way in (a
 * passkey) need a sign-in from the last `SESSION_FRESH_AGE_SECONDS`, at
 * every door (the dashboard's calls and the browser's HTTP calls alike);
 * otherwise `403` with `NOT_FRESH_CODE`. Setting a password (a server-only
 * endpoint, no path to match) checks the same in `setPassword`, removals in
 * `removeSignInMethod`; their doors in better-auth are closed.
 */
export function freshSignInToAddAWayIn() {
  return {
    id: "fresh-sign-in-to-add-a-way-in",
    hooks: {
      before: [
        {
          matcher: (ctx) => addsAWayIn(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const session = await getSessionFromCtx(ctx);
            if (!session) return; // The endpoint itself answers 401.
            if (isFreshSignIn(session.session)) return;
            throw new APIError("FORBIDDEN", { message: NEEDS_FRESH_SIGN_IN.message, code: NOT_FRESH_CODE });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
