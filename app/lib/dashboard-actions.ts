/**
 * The answer the dashboard's action gives its forms: shared by the action
 * (app/server/dashboard/dashboard-action.server.ts) and the forms that post to it.
 */

/** The action's answer to a form: which form, and what happened (`target`: the row it was about). */
export type DashboardActionData = {
  /** The form's `intent` (`dashboardAction`), or null for a post that named none it knows. */
  intent: string | null;
  target: string | null;
  ok: boolean;
  message: string;
  fieldErrors?: Partial<Record<string, string>>;
  /** The refusal wants a fresher sign-in: offer "Sign in again". */
  signInAgain?: boolean;
  /** What a success shows once and never again (new recovery codes): it is not kept readable. */
  shownOnce?: string[];
};
