/** The admin console's pages, and the rules of its support sign-in. */
import { ACCOUNT_REFUSED_MESSAGE } from "~/lib/constants";

export const ADMIN_PATH = "/admin";
export const ADMIN_AUDIT_PATH = "/admin/audit";
export const adminAccountPath = (userId: string) => `${ADMIN_PATH}/accounts/${encodeURIComponent(userId)}`;
/** Where the banner's Stop posts: it ends a support sign-in and gives the browser back to its administrator. */
export const SUPPORT_STOP_PATH = "/admin/support/stop";
/** A support sign-in lasts an hour at most. */
export const SUPPORT_SIGN_IN_SECONDS = 60 * 60;
/** What a support sign-in cannot do (the policy refuses it: `whileImpersonating`), as the card and the mail say it. */
export const LOCKED_WHILE_SUPPORTING =
  "how the account signs in (its password, email address, two-step sign-in, passkeys, providers and sessions), its data export, its deletion, and handing over or deleting its teams";
/** Why some accounts cannot be signed in as, for support: said by the card and by the refusal. */
export const SUPPORT_REFUSED_FOR_ADMIN =
  "Administrators cannot be signed in as, not even for support: their account reaches the console.";
export const SUPPORT_REFUSED_FOR_SUSPENDED =
  "This account is suspended, and a suspended account cannot be signed in to, not even for support. Lift the suspension first.";
/** Accounts and trail entries per page. */
export const ADMIN_PAGE_SIZE = 25;
/**
 * What every way in answers a suspended account (better-auth's admin plugin
 * says it when a session is refused): the core's words for an account that
 * may not sign in, which the pages of ways in the plugin does not see
 * (a provider's callback, a reset link) say too.
 */
export const ACCOUNT_SUSPENDED_MESSAGE = ACCOUNT_REFUSED_MESSAGE;
/** A reason (suspension, support sign-in) is a sentence or two, kept in the trail. */
export const REASON_MAX_LENGTH = 500;
