import { Suspense, useState } from "react";
import { useNavigation } from "react-router";
import { clientLazy } from "./client-lazy";

const ProgressBar = clientLazy(() =>
  import("./navigation-progress-bar").then((module) => module.NavigationProgressBar),
);

/**
 * The progress bar of slow navigations, whose code comes with the first
 * navigation (it shows only after 150 ms): not part of any page's first load.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [navigated, setNavigated] = useState(false);
  // When this navigation started: the bar's delay counts from there, not from its code's arrival.
  const [busySince, setBusySince] = useState<number | null>(null);
  if (busy && !navigated) setNavigated(true);
  if (busy && busySince === null) setBusySince(Date.now());
  if (!busy && busySince !== null) setBusySince(null);
  if (!navigated) return null;
  return (
    <Suspense>
      <ProgressBar busy={busy} since={busySince ?? Date.now()} />
    </Suspense>
  );
}
