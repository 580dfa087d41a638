/**
 * The dashboard's forms and the answers its action gives them: shared by the
 * action (app/server/dashboard/actions.server.ts) and the forms that post to it.
 */

/** Every form on the dashboard names what it does in its `intent` field. */
export const DASHBOARD_INTENTS = [
  "update-name",
  "change-password",
  "set-password",
  "revoke-session",
  "revoke-other-sessions",
  "link-provider",
  "unlink-provider",
  "add-passkey",
  "rename-passkey",
  "delete-passkey",
  "delete-account",
  "sign-in-again",
  "resend-verification",
  "change-email",
] as const;

export type DashboardIntent = (typeof DASHBOARD_INTENTS)[number];

/** The action's answer to a form: which form, and what happened (`target`: the row it was about). */
export type DashboardActionData = {
  intent: DashboardIntent | null;
  target: string | null;
  ok: boolean;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  /** The refusal wants a fresher sign-in: offer "Sign in again". */
  signInAgain?: boolean;
};
