import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { removeFeatureWaysInSince } from "../feature-hooks.server";
import { endStandingTrust } from "./security-stamp.server";

/** What recovering an account took away (`fromFeatures`: the features' ways in, a line each as they word them). */
export type Recovery = { password: boolean; providerIds: string[]; fromFeatures: string[]; sessions: number };

/**
 * Gives an account back to the owner of an address it had (an email
 * change's undo), from whoever held it since `since`: they may know the
 * password and may have added ways in. The password goes (the owner sets a
 * new one by a reset to that address), and so does every provider link
 * made from `since` on, the features' ways in of that time
 * (`AuthExtensions.onAccountRecovered`: passkeys, a second step), every
 * session, every link mailed before and what the features trusted
 * (`endStandingTrust`). Runs in `trx`, which the caller commits with the
 * address it puts back.
 */
export async function recoverAccount(trx: Kysely<Database>, userId: string, since: Date): Promise<Recovery> {
  const password = await trx
    .deleteFrom("account")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  const providers = await trx
    .deleteFrom("account")
    .where("userId", "=", userId)
    .where("providerId", "<>", "credential")
    .where("createdAt", ">=", since)
    .returning("providerId")
    .execute();
  const fromFeatures = await removeFeatureWaysInSince(trx, userId, since);
  const sessions = await trx.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
  await endStandingTrust(trx, userId);
  return {
    password: Number(password.numDeletedRows) > 0,
    providerIds: providers.map((row) => row.providerId),
    fromFeatures,
    sessions: Number(sessions.numDeletedRows),
  };
}
