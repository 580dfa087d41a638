import type { BetterAuthOptions } from "better-auth";
import { NAME_MAX_LENGTH } from "~/lib/constants";
import { personName } from "~/lib/fields";
import * as m from "./messages";

/**
 * The code a refused provider sign-in comes back with when the provider
 * has not verified the email address. It is the code better-auth gives
 * when the address already has an account the provider may not join, so
 * the two answers are the same: a provider identity with an unproven
 * address learns nothing about which addresses have accounts.
 */
export const UNPROVEN_PROVIDER_EMAIL = "account_not_linked";

type ValidateUserInfo = NonNullable<NonNullable<BetterAuthOptions["user"]>["validateUserInfo"]>;

/**
 * better-auth's `user.validateUserInfo` gate: a provider creates an account
 * only for an address it says it verified (`email_verified: true`). Joining
 * an existing account needs the same (better-auth's `accountLinking`, with
 * no trusted providers), and so does linking a provider from the dashboard.
 * Without it, the person creates an account with their email first (the
 * mailed code proves the mailbox) and links the provider afterwards.
 */
export const providerMustVouchForEmail: ValidateUserInfo = ({ user, source }) => {
  if (source.method !== "oauth" || source.action === "sign-in") return;
  if (user.emailVerified !== true) return { error: UNPROVEN_PROVIDER_EMAIL };
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]+/g;

/**
 * The name a provider gives, held to the rule of names typed here
 * (`personName`: trimmed, at most `NAME_MAX_LENGTH` characters, no control
 * characters or line breaks). A provider's name is not the person's
 * typing, so it is mended rather than refused: control characters become
 * spaces, runs of spaces one, the rest is cut to length; an empty name
 * falls back to the address's local part.
 */
export function providerName(name: unknown, email: string): string {
  const parsed = personName.safeParse(name);
  if (parsed.success) return parsed.data;
  const mended = (typeof name === "string" ? name : "")
    .replace(CONTROL_CHARACTERS, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, NAME_MAX_LENGTH)
    .trim();
  return mended || (email.split("@")[0] ?? "").slice(0, NAME_MAX_LENGTH) || m.newUser();
}
