/**
 * What an administrator without a second factor sees on every page of the
 * console (a `404`, and no account data): why, and where to turn one on.
 */

import { CenteredCard } from "~/components/centered-card";
import { PreloadLink } from "~/components/preload-link";
import { buttonClass } from "~/components/ui/button";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import * as m from "./messages";

export type SecondFactorChoice = { name: string; setUpPath: string };

export function NeedsSecondFactor({ setUp }: { setUp: SecondFactorChoice[] }) {
  return (
    <CenteredCard title={m.turnOnTwoStep()} description={m.turnOnTwoStepDescription()}>
      <ul className="grid gap-2" aria-label={m.waysToTurnOn()}>
        {setUp.map((choice) => (
          <li key={choice.setUpPath}>
            <PreloadLink
              to={choice.setUpPath}
              className={buttonClass({ variant: "outline" }, "w-full justify-start text-start")}
            >
              <ShieldCheckIcon />
              {/* The factor's name inside a sentence: "An authenticator app" → "Set up an authenticator app". */}
              {m.setUpFactor({ name: choice.name.charAt(0).toLowerCase() + choice.name.slice(1) })}
            </PreloadLink>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground text-sm">{m.thenComeBack()}</p>
    </CenteredCard>
  );
}
