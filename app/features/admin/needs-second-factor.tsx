/**
 * What an administrator without a second factor sees on every page of the
 * console (a `404`, and no account data): why, and where to turn one on.
 */

import { CenteredCard } from "~/components/centered-card";
import { PreloadLink } from "~/components/preload-link";
import { buttonClass } from "~/components/ui/button";
import ShieldCheckIcon from "~icons/lucide/shield-check";

export type SecondFactorChoice = { name: string; setUpPath: string };

export function NeedsSecondFactor({ setUp }: { setUp: SecondFactorChoice[] }) {
  return (
    <CenteredCard
      title="Turn on two-step sign-in"
      description="The admin console opens only to administrators who sign in with a second step: anyone who learns your password alone must not reach every account."
    >
      <ul className="grid gap-2" aria-label="Ways to turn it on">
        {setUp.map((choice) => (
          <li key={choice.setUpPath}>
            <PreloadLink
              to={choice.setUpPath}
              className={buttonClass({ variant: "outline" }, "w-full justify-start")}
            >
              <ShieldCheckIcon />
              Set up {choice.name.charAt(0).toLowerCase() + choice.name.slice(1)}
            </PreloadLink>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground text-sm">Then come back to this page.</p>
    </CenteredCard>
  );
}
