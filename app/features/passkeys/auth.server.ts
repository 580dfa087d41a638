// Passkeys in better-auth: the plugin, what the core's rules know of its endpoints, the ways in it counts and removes.
import { passkey } from "@better-auth/passkey";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { AuthEndpoint, AuthPluginSetup } from "~/server/auth/auth-extensions";
import { compiledQuery } from "~/server/db/compiled-query.server";
import type { Database } from "../../../db/schema";
import * as m from "./messages";
import { passkeyAuthentication } from "./passkey-factors.server";
import { ownsPasskey, passkeyName } from "./passkeys.server";

/**
 * Passkeys in better-auth: the `@better-auth/passkey` plugin, and what the
 * core's rules must know of its endpoints (which the browser may call, their
 * input rules, what each records in the activity log).
 */
export function passkeyPlugins({ env, db }: AuthPluginSetup) {
  return [
    passkey({
      rpID: new URL(env.APP_URL).hostname,
      rpName: env.APP_NAME,
      // The origin the browser signed, checked against ours rather than the request's header.
      origin: env.APP_URL,
      // A passkey signs in without a username, so the credential must be discoverable.
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      // Without user verification a passkey is one factor: not enough for an account with two-step sign-in.
      authentication: passkeyAuthentication(db),
    }),
  ];
}

/** The owner of the passkey a sign-in attempt names (its credential id), if it is one we know. */
async function ownerOfCredential(db: Kysely<Database>, body: unknown): Promise<string | null> {
  const credentialId = (body as { response?: { id?: unknown } } | undefined)?.response?.id;
  if (typeof credentialId !== "string") return null;
  const row = await db
    .selectFrom("passkey")
    .select("userId")
    .where("credentialID", "=", credentialId)
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Whether the passkey a deletion names (`id`) is this person's. */
async function ownsPasskeyNamedIn(db: Kysely<Database>, userId: string, body: unknown): Promise<boolean> {
  const id = (body as { id?: unknown } | undefined)?.id;
  return typeof id === "string" && ownsPasskey(db, userId, id);
}

export const passkeyEndpoints: AuthEndpoint[] = [
  // Every visit to /login asks for one (passkey autofill): a row until it expires.
  { path: "/passkey/generate-authenticate-options", door: { method: "GET", limit: "challenge" } },
  {
    path: "/passkey/verify-authentication",
    door: { method: "POST", limit: "ip" },
    // The credential id is looked up in the database: a string, never an object.
    body: z.object({ response: z.looseObject({ id: z.string().min(1).max(1024) }) }).strict(),
    signIn: { method: "passkey", name: m.signInMethodName, ownerOf: ownerOfCredential },
  },
  // Adding a passkey on the dashboard: better-auth requires the session.
  {
    path: "/passkey/generate-register-options",
    door: { method: "GET", limit: null },
    // The passkey's name is shown to the authenticator.
    query: z.object({ name: passkeyName.optional() }).strict(),
    addsAWayIn: true,
  },
  {
    path: "/passkey/verify-registration",
    door: { method: "POST", limit: null },
    body: z.object({ response: z.record(z.string(), z.unknown()), name: passkeyName.optional() }).strict(),
    // `@better-auth/passkey` answers an unreadable registration with a 500.
    unreadable: {
      message: m.unreadablePasskey,
      code: "FAILED_TO_VERIFY_REGISTRATION",
    },
    entry: { kind: "passkey-added", notice: m.noticePasskeyAdded },
    addsAWayIn: true,
  },
  {
    path: "/passkey/update-passkey",
    body: z.object({ id: z.string().min(1).max(255), name: passkeyName }).strict(),
    entry: { kind: "passkey-renamed" },
  },
  { path: "/passkey/delete-passkey", entry: { kind: "passkey-removed" }, removesAWayIn: ownsPasskeyNamedIn },
];

/** How many passkeys this person has: each is a way in. */
export async function countPasskeys(db: Kysely<Database>, userId: string): Promise<number> {
  const [row] = await passkeyCountOf(db, userId);
  return Number(row?.count ?? 0);
}

const passkeyCountOf = compiledQuery((db, userId: string) =>
  db
    .selectFrom("passkey")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("userId", "=", userId),
);

/** Which of these accounts have a passkey (`AuthExtensions.secondFactor`): one query for a page of accounts. */
export async function withPasskeys(db: Kysely<Database>, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("passkey")
    .select("userId")
    .distinct()
    .where("userId", "in", userIds)
    .execute();
  return new Set(rows.map((row) => row.userId));
}

/**
 * Removes the account's passkeys, "2 passkeys": every one at the first
 * proof of the mailbox (anyone could have added one), those added from
 * `since` on (or of unknown age) when the owner of an earlier address
 * takes the account back.
 */
export async function removePasskeys(trx: Kysely<Database>, userId: string, since?: Date): Promise<string[]> {
  let query = trx.deleteFrom("passkey").where("userId", "=", userId);
  if (since) query = query.where((eb) => eb.or([eb("createdAt", ">=", since), eb("createdAt", "is", null)]));
  const deleted = Number((await query.executeTakeFirst()).numDeletedRows);
  if (deleted === 0) return [];
  return [m.removedPasskeys({ count: deleted })];
}
