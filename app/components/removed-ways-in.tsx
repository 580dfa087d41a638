import { describeRemovedWaysIn, type RemovedWaysIn } from "~/lib/removed-ways-in";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import * as m from "./messages";

/** Tells the person which ways in the first proof of their mailbox removed, and why. */
export function RemovedWaysInNotice({ removed }: { removed: RemovedWaysIn }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border bg-muted/50 px-4 py-3 text-sm">
      <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid gap-2">
        <p className="font-medium">{m.removedWaysInTitle()}</p>
        <p className="text-muted-foreground">{m.removedWaysInLead()}</p>
        <ul className="list-disc ps-5">
          {describeRemovedWaysIn(removed).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="text-muted-foreground">{m.removedWaysInAfter()}</p>
      </div>
    </div>
  );
}
