import { type Kysely, sql } from "kysely";
import { isPostgres } from "../../../db/migrations/types";
import type { Database } from "../../../db/schema";
import { claimFeatureWaysIn } from "./feature-auth.server";
import { forgetTrustedBrowsers } from "./two-factor.server";

/** What the first proof of an account's mailbox took away (`fromFeatures`: the features' words for theirs; `twoStep`: two-step sign-in was on). */
export type WaysInRemoved = {
  email: string;
  fromFeatures: string[];
  providerIds: string[];
  twoStep: boolean;
  sessions: number;
};

/**
 * Takes away the account's two-step sign-in: the secret and recovery codes
 * (confirmed or not), the flag that makes sign-in ask for a code, and the
 * browsers trusted to skip it. Whether it was on.
 */
async function removeTwoStep(trx: Kysely<Database>, userId: string): Promise<boolean> {
  const secrets = await trx
    .deleteFrom("twoFactor")
    .where("userId", "=", userId)
    .returning("verified")
    .execute();
  const flag = await trx
    .updateTable("user")
    .set({ twoFactorEnabled: isPostgres(trx) ? false : 0 })
    .where("id", "=", userId)
    .where("twoFactorEnabled", "=", isPostgres(trx) ? true : 1)
    .executeTakeFirst();
  await forgetTrustedBrowsers(trx, userId);
  return Number(flag.numUpdatedRows) > 0 || secrets.some((row) => Boolean(row.verified));
}

/**
 * The first time someone proves they read an unverified account's mailbox
 * (a reset or verification link), the account becomes theirs alone: the
 * address is marked verified and every other way in that whoever created
 * the account may have added (a feature's, such as passkeys, and provider links) is removed, with
 * two-step sign-in (whoever set it up holds its authenticator and recovery
 * codes: the owner would be asked for the stranger's codes) and every
 * session but the one of the browser that followed the link. The password
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
  const verified = isPostgres(trx) ? sql<boolean>`true` : sql<number>`1`;
  const unverified = isPostgres(trx) ? sql<boolean>`false` : sql<number>`0`;
  const claimed = await trx
    .updateTable("user")
    .set({ emailVerified: verified })
    .where("id", "=", userId)
    .where("emailVerified", "=", unverified)
    .returning("email")
    .executeTakeFirst();
  if (!claimed) return null;
  const fromFeatures = await claimFeatureWaysIn(trx, userId);
  const providers = await trx
    .deleteFrom("account")
    .where("userId", "=", userId)
    .where("providerId", "<>", "credential")
    .returning("providerId")
    .execute();
  const twoStep = await removeTwoStep(trx, userId);
  const sessions = await trx
    .deleteFrom("session")
    .where("userId", "=", userId)
    .$if(keepSessionId !== undefined, (query) => query.where("id", "<>", keepSessionId ?? ""))
    .executeTakeFirst();
  return {
    email: claimed.email,
    fromFeatures,
    providerIds: providers.map((row) => row.providerId),
    twoStep,
    sessions: Number(sessions.numDeletedRows),
  };
}
