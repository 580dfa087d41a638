// The dashboard's passkeys on the server: the list, renaming, and removing one as a way in.

import type { passkey } from "@better-auth/passkey";
import type { Kysely } from "kysely";
import { displayName } from "~/lib/fields";
import { attempt, done, type Outcome, refused } from "~/server/action-kit.server";
import type { Auth } from "~/server/auth/auth.server";
import { pluginApi } from "~/server/auth/plugin-api.server";
import type { WayOut } from "~/server/auth/sign-in-methods.server";
import { compiledQuery } from "~/server/db/compiled-query.server";
import type { Database } from "../../../db/schema";
import * as m from "./messages";
import { PASSKEY_NAME_MAX_LENGTH, type PasskeySummary } from "./passkey";

/** A passkey's name ("Work laptop"): the dashboard's rename and better-auth's passkey endpoints. */
export const passkeyName = displayName(PASSKEY_NAME_MAX_LENGTH, m.passkeyNameMissing);

/** A person's passkeys, newest first: one indexed query (`passkey_userId_idx`). */
const passkeysOf = compiledQuery((db, userId: string) =>
  db.selectFrom("passkey").select(["id", "name", "createdAt"]).where("userId", "=", userId),
);

export async function listPasskeys(kysely: Kysely<Database>, userId: string): Promise<PasskeySummary[]> {
  const passkeys = await passkeysOf(kysely, userId);
  return passkeys
    .map((passkey) => ({
      id: passkey.id,
      name: passkey.name || m.passkey(),
      createdAt: passkey.createdAt?.toISOString() ?? null,
    }))
    .sort((a, b) => (b.createdAt ?? "").localeCompare(a.createdAt ?? ""));
}

/** Someone else's passkey and a deleted one look the same: better-auth checks the owner. Made when said, in the reader's language. */
const passkeyNotFound = () => refused(404, m.passkeyNotFound());

/** Renames one of the signed-in person's passkeys. */
export async function renamePasskey(
  auth: Auth,
  headers: Headers,
  id: string,
  name: unknown,
): Promise<Outcome> {
  const parsed = passkeyName.safeParse(name);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? m.passkeyNameMissing();
    return refused(400, message, { name: message });
  }
  return attempt(
    async () => {
      await pluginApi<typeof passkey>(auth).updatePasskey({ body: { id, name: parsed.data }, headers });
      return done(m.passkeyRenamed());
    },
    {},
    passkeyNotFound(),
  );
}

/** One of the person's passkeys, as the dashboard removes it: never their last way in (`removeSignInMethod`). */
export function passkeyWayOut(id: string): WayOut {
  return {
    kind: "feature",
    find: (trx, userId) => ownsPasskey(trx, userId, id),
    remove: async (trx, userId) => {
      await trx.deleteFrom("passkey").where("id", "=", id).where("userId", "=", userId).execute();
    },
    notFound: passkeyNotFound(),
    removed: { kind: "passkey-removed", what: m.noticePasskeyRemoved },
    done: m.passkeyDeleted(),
  };
}

/** Whether passkey `id` is this person's. */
export async function ownsPasskey(db: Kysely<Database>, userId: string, id: string): Promise<boolean> {
  const owned = await db
    .selectFrom("passkey")
    .select("id")
    .where("id", "=", id)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return Boolean(owned);
}
