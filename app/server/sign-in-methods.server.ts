import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Kysely } from "kysely";
import type { OAuthProviderId } from "~/lib/sign-in-providers";

/** The ways a person can sign in today: their password, providers that are configured, passkeys. */
export type WaysIn = { password: boolean; providers: readonly string[]; passkeys: number };

/** What someone asks to remove. */
export type Removal = { kind: "password" } | { kind: "provider"; providerId: string } | { kind: "passkey" };

/** The refusal people read, and its code in better-auth's error body. */
export const LAST_WAY_IN_MESSAGE =
  "This is your only way to sign in. Add a password, a passkey or another provider before removing it.";
export const LAST_WAY_IN_CODE = "LAST_SIGN_IN_METHOD";

/**
 * Whether removing `removal` still leaves a way to sign in. A provider
 * account counts only while that provider is configured: an account at a
 * provider the app no longer offers opens nothing.
 */
export function leavesAWayIn(ways: WaysIn, removal: Removal): boolean {
  const total = (ways.password ? 1 : 0) + ways.providers.length + ways.passkeys;
  const counted =
    removal.kind === "password"
      ? ways.password
      : removal.kind === "provider"
        ? ways.providers.includes(removal.providerId)
        : ways.passkeys > 0;
  return total - (counted ? 1 : 0) > 0;
}

type Tables = {
  account: { id: string; userId: string; providerId: string; password: string | null; createdAt: string };
  passkey: { id: string; userId: string };
};

/** A person's accounts (password and providers; never the hash), and their ways in. */
export async function readWaysIn(kysely: Kysely<unknown>, userId: string, configured: readonly string[]) {
  const db = kysely as unknown as Kysely<Tables>;
  const [accounts, passkeys] = await Promise.all([
    db
      .selectFrom("account")
      .select((eb) => ["id", "providerId", "createdAt", eb("password", "is not", null).as("hasPassword")])
      .where("userId", "=", userId)
      .execute(),
    db
      .selectFrom("passkey")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("userId", "=", userId)
      .executeTakeFirst(),
  ]);
  const ways: WaysIn = {
    password: accounts.some((account) => account.providerId === "credential" && Boolean(account.hasPassword)),
    providers: accounts.map((account) => account.providerId).filter((id) => configured.includes(id)),
    passkeys: Number(passkeys?.count ?? 0),
  };
  return { accounts, ways };
}

/**
 * better-auth plugin: nobody removes their last way to sign in, whichever
 * door they use (the dashboard's actions or better-auth's own endpoints):
 * unlinking a provider or the password, or deleting a passkey, is refused
 * with `LAST_SIGN_IN_METHOD` when nothing would be left. It replaces
 * better-auth's own rule, which counts accounts and not passkeys.
 */
export function keepOneWayIn(kysely: Kysely<unknown>, configuredProviders: readonly OAuthProviderId[]) {
  const db = kysely as unknown as Kysely<Tables>;
  const guard = createAuthMiddleware(async (ctx) => {
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // The endpoint itself answers 401.
    const { accounts, ways } = await readWaysIn(kysely, session.user.id, configuredProviders);
    const body = (ctx.body ?? {}) as { accountId?: unknown; id?: unknown };
    let removal: Removal | null = null;
    if (ctx.path === "/unlink-account") {
      const account = accounts.find((candidate) => candidate.id === body.accountId);
      if (account) {
        removal =
          account.providerId === "credential"
            ? { kind: "password" }
            : { kind: "provider", providerId: account.providerId };
      }
    } else if (typeof body.id === "string") {
      const owned = await db
        .selectFrom("passkey")
        .select("id")
        .where("id", "=", body.id)
        .where("userId", "=", session.user.id)
        .executeTakeFirst();
      if (owned) removal = { kind: "passkey" };
    }
    if (removal && !leavesAWayIn(ways, removal)) {
      throw new APIError("BAD_REQUEST", { message: LAST_WAY_IN_MESSAGE, code: LAST_WAY_IN_CODE });
    }
  });
  return {
    id: "keep-one-way-in",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/unlink-account" || ctx.path === "/passkey/delete-passkey",
          handler: guard,
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
