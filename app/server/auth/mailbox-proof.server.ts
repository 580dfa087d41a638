import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { forgetTrustedBrowsers } from "./two-factor.server";

/** What the first proof of an account's mailbox took away (`twoStep`: two-step sign-in was on). */
export type WaysInRemoved = {
  email: string;
  passkeys: number;
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
    .set({ twoFactorEnabled: false })
    .where("id", "=", userId)
    .where("twoFactorEnabled", "=", true)
    .executeTakeFirst();
  await forgetTrustedBrowsers(trx, userId);
  return Number(flag.numUpdatedRows) > 0 || secrets.some((row) => row.verified);
}

/**
 * The first time someone proves they read an unverified account's mailbox
 * (a reset or verification link), the account becomes theirs alone: the
 * address is marked verified and every other way in that whoever created
 * the account may have added (passkeys, provider links) is removed, with
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
  const claimed = await trx
    .updateTable("user")
    .set({ emailVerified: true })
    .where("id", "=", userId)
    .where("emailVerified", "=", false)
    .returning("email")
    .executeTakeFirst();
  if (!claimed) return null;
  const passkeys = await trx.deleteFrom("passkey").where("userId", "=", userId).executeTakeFirst();
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
    passkeys: Number(passkeys.numDeletedRows),
    providerIds: providers.map((row) => row.providerId),
    twoStep,
    sessions: Number(sessions.numDeletedRows),
  };
}
