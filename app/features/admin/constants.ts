/** The admin console's pages, and the rules of its support sign-in. */
export const ADMIN_PATH = "/admin";
export const ADMIN_AUDIT_PATH = "/admin/audit";
export const adminAccountPath = (userId: string) => `${ADMIN_PATH}/accounts/${encodeURIComponent(userId)}`;
/** Where the banner's Stop posts: it ends a support sign-in and gives the browser back to its administrator. */
export const SUPPORT_STOP_PATH = "/admin/support/stop";
/** A support sign-in lasts an hour at most. */
export const SUPPORT_SIGN_IN_SECONDS = 60 * 60;
/** Accounts and trail entries per page. */
export const ADMIN_PAGE_SIZE = 25;
/** What every way in answers a suspended account (better-auth's admin plugin says it when a session is refused). */
export const ACCOUNT_SUSPENDED_MESSAGE = "This account is suspended. Contact support.";
/** A reason (suspension, support sign-in) is a sentence or two, kept in the trail. */
export const REASON_MAX_LENGTH = 500;
