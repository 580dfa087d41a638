import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { endFeatureTrust } from "../feature-hooks.server";

/**
 * Voids every mailed link that carries the account's security stamp (an
 * email change's: it works only while it is unchanged; its undo link does
 * not carry it, so that whoever made the change cannot void it).
 * Also drops the address change waiting for its link (`pendingEmailChange`).
 */
export async function raiseSecurityStamp(executor: Kysely<Database>, userId: string): Promise<void> {
  await executor
    .updateTable("user")
    .set((eb) => ({ securityStamp: eb("securityStamp", "+", 1), pendingEmailChange: null }))
    .where("id", "=", userId)
    .execute();
}

/**
 * After a password reset or change, or signing out everywhere (else): what
 * was trusted before ends with the sessions. Links mailed before stop
 * working, and what the features trusted ends too (`AuthExtensions.onTrustEnded`:
 * a browser trusted to skip a sign-in's second step, say).
 */
export async function endStandingTrust(db: Kysely<Database>, userId: string): Promise<void> {
  await raiseSecurityStamp(db, userId);
  await endFeatureTrust(db, userId);
}
