import { ResetPasswordOrSignIn } from "~/components/after-sign-out-everywhere";
import { CenteredCard } from "~/components/centered-card";
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { FORGOT_PASSWORD_PATH } from "~/lib/constants";
import * as m from "./messages";

/** What an undo did: the address back, with what it took away, and the way to a new password. */
export function UndoneCard({ email, removed }: { email: string; removed: string[] }) {
  return (
    <CenteredCard title={m.undoneTitle()} description={m.undoneDescription({ email })}>
      {removed.length > 0 ? (
        <div className="grid gap-2 text-sm">
          <p>{m.undoneRemovedIntro()}</p>
          <ul aria-label={m.undoneRemovedLabel()} className="list-disc ps-5">
            {removed.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="text-muted-foreground">{m.undoneKeptHint()}</p>
        </div>
      ) : null}
      <p className="text-sm">{m.undoneNewPassword({ email })}</p>
      <Button asChild>
        <PreloadLink to={FORGOT_PASSWORD_PATH}>{m.forgotPassword()}</PreloadLink>
      </Button>
    </CenteredCard>
  );
}

/** When another account took the address since: the account could not be given back, but every device is signed out. */
export function NotRestoredCard() {
  return (
    <CenteredCard title={m.notRestoredTitle()} description={m.notRestoredDescription()}>
      <p className="text-sm">{m.notRestoredText()}</p>
      <ResetPasswordOrSignIn />
    </CenteredCard>
  );
}
