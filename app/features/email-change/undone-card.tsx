import { ResetPasswordOrSignIn } from "~/components/after-sign-out-everywhere";
import { CenteredCard } from "~/components/centered-card";
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { FORGOT_PASSWORD_PATH } from "~/lib/constants";

/** What an undo did: the address back, with what it took away, and the way to a new password. */
export function UndoneCard({ email, removed }: { email: string; removed: string[] }) {
  return (
    <CenteredCard
      title="Email change undone"
      description={`Your account signs in with ${email} again, and every device is signed out.`}
    >
      {removed.length > 0 ? (
        <div className="grid gap-2 text-sm">
          <p>Whoever changed the address may know your password, so we removed:</p>
          <ul aria-label="Removed from your account" className="list-disc pl-5">
            {removed.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="text-muted-foreground">
            Passkeys and providers added earlier stay. Add the others again once you are signed in.
          </p>
        </div>
      ) : null}
      <p className="text-sm">Set a new password with "Forgot password": we mail the link to {email}.</p>
      <Button asChild>
        <PreloadLink to={FORGOT_PASSWORD_PATH}>Forgot password</PreloadLink>
      </Button>
    </CenteredCard>
  );
}

/** When another account took the address since: the account could not be given back, but every device is signed out. */
export function NotRestoredCard() {
  return (
    <CenteredCard
      title="Signed out everywhere"
      description="Another account uses this address now, so it could not be put back. Every device is signed out."
    >
      <p className="text-sm">Whoever changed it may know your password: choose a new one now.</p>
      <ResetPasswordOrSignIn />
    </CenteredCard>
  );
}
