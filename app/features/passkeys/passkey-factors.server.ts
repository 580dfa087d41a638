// A passkey that did not verify its user is refused on an account whose sign-ins take a second step.
import type { PasskeyOptions } from "@better-auth/passkey";
import { APIError } from "better-auth/api";
import type { Kysely } from "kysely";
import { signInStep } from "~/server/feature-hooks.server";
import type { Database } from "../../../db/schema";

/** The refusal's code: a passkey that proved a touch, not its user, on an account with a second step. */
export const PASSKEY_NOT_USER_VERIFIED = "PASSKEY_NOT_USER_VERIFIED";

/**
 * A passkey sign-in skips a sign-in's second step (`AuthExtensions.signInStep`:
 * two-step sign-in's code) because it is two factors in one: the key, and
 * the PIN, fingerprint or face that unlocked it. Only
 * the authenticator's "user verified" flag says the second was there; a
 * security key with no PIN proves only that someone touched it. The plugin
 * asks for user verification as "preferred" (so such keys still work for
 * accounts without a second step) and does not require it, so on an
 * account with one an assertion without it is refused here, once its
 * signature checked out and before any session is made.
 */
export const passkeyAuthentication = (
  db: Kysely<Database>,
): NonNullable<PasskeyOptions["authentication"]> => ({
  async afterVerification({ ctx, verification }) {
    if (verification.authenticationInfo.userVerified) return;
    const passkey = await ctx.context.adapter.findOne<{ userId: string }>({
      model: "passkey",
      where: [{ field: "credentialID", value: verification.authenticationInfo.credentialID }],
    });
    const step = signInStep();
    if (!passkey || !step || !(await step.requiredFor(db, passkey.userId))) return;
    throw new APIError("UNAUTHORIZED", {
      code: PASSKEY_NOT_USER_VERIFIED,
      message: step.passkeyRefusal,
    });
  },
});
