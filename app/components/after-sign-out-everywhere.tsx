import { FORGOT_PASSWORD_PATH, SIGN_IN_PATH } from "~/lib/constants";
import { ExpiredLink } from "./expired-link";
import { PreloadLink } from "./preload-link";
import { Button } from "./ui/button";

/** What to do once every device is signed out: a new password first, then sign in. */
export function ResetPasswordOrSignIn() {
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild>
        <PreloadLink to={FORGOT_PASSWORD_PATH}>Reset my password</PreloadLink>
      </Button>
      <Button asChild variant="outline">
        <PreloadLink to={SIGN_IN_PATH}>Sign in</PreloadLink>
      </Button>
    </div>
  );
}

/** A used or expired "sign out everywhere" link: the ways that are still there. */
export function ExpiredSignOutLink() {
  return (
    <ExpiredLink>
      <p className="text-sm">
        You can still sign out other devices from your dashboard, or reset your password.
      </p>
      <Button asChild>
        <PreloadLink to={FORGOT_PASSWORD_PATH}>Reset my password</PreloadLink>
      </Button>
    </ExpiredLink>
  );
}
