// Two-step sign-in and passkeys: a passkey that did not verify its user is refused on such an account.
import type { PasskeyOptions } from "@better-auth/passkey";
import { APIError } from "better-auth/api";
import { asksForCode } from "~/server/auth/two-factor.server";

/** The refusal's code: a passkey that proved a touch, not its user, on an account with two-step sign-in. */
export const PASSKEY_NOT_USER_VERIFIED = "PASSKEY_NOT_USER_VERIFIED";

/**
 * A passkey sign-in skips two-step sign-in's code because it is two factors
 * in one: the key, and the PIN, fingerprint or face that unlocked it. Only
 * the authenticator's "user verified" flag says the second was there; a
 * security key with no PIN proves only that someone touched it. The plugin
 * asks for user verification as "preferred" (so such keys still work for
 * accounts without two-step sign-in) and does not require it, so on an
 * account with two-step sign-in an assertion without it is refused here,
 * once its signature checked out and before any session is made.
 */
export const passkeyAuthentication: NonNullable<PasskeyOptions["authentication"]> = {
  async afterVerification({ ctx, verification }) {
    if (verification.authenticationInfo.userVerified) return;
    const passkey = await ctx.context.adapter.findOne<{ userId: string }>({
      model: "passkey",
      where: [{ field: "credentialID", value: verification.authenticationInfo.credentialID }],
    });
    if (!passkey || !(await asksForCode(ctx, passkey.userId))) return;
    throw new APIError("UNAUTHORIZED", {
      code: PASSKEY_NOT_USER_VERIFIED,
      message:
        "Your account has two-step sign-in, and this passkey did not check that it is you (with a PIN, fingerprint or face). Use a passkey that does, or your password and a code.",
    });
  },
};
