/** The admin console's pages, and the rules of its support sign-in. */
import { ACCOUNT_REFUSED_MESSAGE } from "~/lib/constants";

export const ADMIN_PATH = "/admin";
export const ADMIN_AUDIT_PATH = "/admin/audit";
export const adminAccountPath = (userId: string) => `${ADMIN_PATH}/accounts/${encodeURIComponent(userId)}`;
/** Where the banner's Stop posts: it ends a support sign-in and gives the browser back to its administrator. */
export const SUPPORT_STOP_PATH = "/admin/support/stop";
/** A support sign-in lasts an hour at most. */
export const SUPPORT_SIGN_IN_SECONDS = 60 * 60;
/** Accounts and trail entries per page. */
export const ADMIN_PAGE_SIZE = 25;
/**
 * What every way in answers a suspended account, in English: the core's
 * words for an account that may not sign in (~/lib/constants.ts), for the
 * tests to find. People read `accountRefusedMessage()`
 * (~/lib/account-refused.ts), said in their language when answered.
 * What a support sign-in locks and why some accounts cannot be signed in as
 * are messages (./messages), said where they are shown: this file holds none.
 */
export const ACCOUNT_SUSPENDED_MESSAGE = ACCOUNT_REFUSED_MESSAGE;
/** A reason (suspension, support sign-in) is a sentence or two, kept in the trail. */
export const REASON_MAX_LENGTH = 500;
