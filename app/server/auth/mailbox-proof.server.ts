import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { removeFeatureWaysIn } from "../feature-hooks.server";

/** What the first proof of an account's mailbox took away (`fromFeatures`: the features' ways in, a line each as they word them). */
export type WaysInRemoved = {
  email: string;
  providerIds: string[];
  fromFeatures: string[];
  sessions: number;
};

/**
 * The first time someone proves they read an unverified account's mailbox
 * (a reset or verification link), the account becomes theirs alone: the
 * address is marked verified and every other way in that whoever created
 * the account may have added is removed: provider links, and the features'
 * (`AuthExtensions.onMailboxClaimed`: passkeys, a second step whoever set it
 * up holds the codes of), with every session but the one of the browser
 * that followed the link. The password
 * stays: a reset has just replaced it, and a verification comes from the
 * mail sent to the person who chose it. Runs
 * in `trx`, which the caller commits with the notice mail. Null when the
 * address was already verified: nothing is removed then.
 */
export async function claimMailbox(
  trx: Kysely<Database>,
  userId: string,
  /** The session of the browser that followed the link, if it is this account's: it stays signed in. */
  keepSessionId?: string,
): Promise<WaysInRemoved | null> {
  const claimed = await trx
    .updateTable("user")
    .set({ emailVerified: true })
    .where("id", "=", userId)
    .where("emailVerified", "=", false)
    .returning("email")
    .executeTakeFirst();
  if (!claimed) return null;
  const providers = await trx
    .deleteFrom("account")
    .where("userId", "=", userId)
    .where("providerId", "<>", "credential")
    .returning("providerId")
    .execute();
  const fromFeatures = await removeFeatureWaysIn(trx, userId);
  const sessions = await trx
    .deleteFrom("session")
    .where("userId", "=", userId)
    .$if(keepSessionId !== undefined, (query) => query.where("id", "<>", keepSessionId ?? ""))
    .executeTakeFirst();
  return {
    email: claimed.email,
    providerIds: providers.map((row) => row.providerId),
    fromFeatures,
    sessions: Number(sessions.numDeletedRows),
  };
}
