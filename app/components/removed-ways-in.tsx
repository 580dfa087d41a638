import { describeRemovedWaysIn, type RemovedWaysIn } from "~/lib/removed-ways-in";
import ShieldCheckIcon from "~icons/lucide/shield-check";

/** Tells the person which ways in the first proof of their mailbox removed, and why. */
export function RemovedWaysInNotice({ removed }: { removed: RemovedWaysIn }) {
  return (
    <div role="status" className="flex items-start gap-3 rounded-lg border bg-muted/50 px-4 py-3 text-sm">
      <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="grid gap-2">
        <p className="font-medium">For your safety, we removed ways to sign in</p>
        <p className="text-muted-foreground">
          Until this address was confirmed, anyone could have added them:
        </p>
        <ul className="list-disc pl-5">
          {describeRemovedWaysIn(removed).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="text-muted-foreground">
          Every device was signed out. If they were yours, add them again from your dashboard.
        </p>
      </div>
    </div>
  );
}
