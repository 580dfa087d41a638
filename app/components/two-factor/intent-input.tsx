import type { TwoFactorIntent } from "~/lib/two-factor";

/** The hidden field that names which of the two-step page's forms posted. */
export function IntentInput({ intent }: { intent: TwoFactorIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}
