/** The hidden field that tells the dashboard's action which form this is (a `dashboardAction`'s intent). */
export function IntentField({ intent }: { intent: string }) {
  return <input type="hidden" name="intent" value={intent} />;
}
