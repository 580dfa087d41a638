/**
 * What the account page's forms refuse, in the words both sides use: the
 * server's refusal (./account-actions.server.ts) and the page's note where
 * it leaves a form out (./account-action-cards.tsx).
 */
export const ACCOUNT_RULES = {
  notOnYourself: "Not on your own account: another administrator can do this.",
  listed: "ADMIN_EMAILS lists this address: it stays an administrator until it is taken off that list.",
  unverified: "Only an account whose email address is confirmed can be an administrator.",
  suspended: "A suspended account cannot be made an administrator: lift the suspension first.",
} as const;
