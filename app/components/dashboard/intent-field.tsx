import type { DashboardIntent } from "~/lib/dashboard-actions";

/** The hidden field that tells the dashboard's action which form this is: only its intents type-check. */
export function IntentField({ intent }: { intent: DashboardIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}
