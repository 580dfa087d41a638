/** The dashboard's Two-step sign-in card: on or off, the recovery codes left, and a link to its page. */
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import ShieldOffIcon from "~icons/lucide/shield-off";
import { TWO_FACTOR_SETTINGS_PATH } from "./constants";
import * as m from "./messages";
import type { TwoFactorSummary } from "./two-factor";

/**
 * Two-step sign-in, in a line: on or off, and the recovery codes left. Its
 * page (its own code, loaded when opened) turns it on and off.
 */
export function TwoFactorCard({ twoFactor }: { twoFactor: TwoFactorSummary }) {
  const { enabled, recoveryCodesLeft } = twoFactor;
  const Icon = enabled ? ShieldCheckIcon : ShieldOffIcon;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.twoStepSignIn()}</CardTitle>
        <CardDescription>{m.cardDescription()}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="flex items-center gap-2 text-sm">
          <Icon className={enabled ? "size-5 text-success" : "size-5 text-muted-foreground"} />
          <span>
            <span className="font-medium">{enabled ? m.on() : m.off()}</span>
            {enabled ? (
              <span className="text-muted-foreground">
                {" "}
                · {m.recoveryCodesLeft({ count: recoveryCodesLeft })}
              </span>
            ) : null}
          </span>
        </p>
        <Button asChild variant={enabled ? "outline" : "default"}>
          <PreloadLink to={TWO_FACTOR_SETTINGS_PATH}>{enabled ? m.manage() : m.turnOn()}</PreloadLink>
        </Button>
      </CardContent>
    </Card>
  );
}
