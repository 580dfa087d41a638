import { FORGOT_PASSWORD_PATH, SIGN_IN_PATH } from "~/lib/constants";
import { ExpiredLink } from "./expired-link";
import * as m from "./messages";
import { PreloadLink } from "./preload-link";
import { Button } from "./ui/button";

/** What to do once every device is signed out: a new password first, then sign in. */
export function ResetPasswordOrSignIn() {
  return (
    <div className="flex flex-wrap gap-3">
      <Button asChild>
        <PreloadLink to={FORGOT_PASSWORD_PATH}>{m.resetMyPassword()}</PreloadLink>
      </Button>
      <Button asChild variant="outline">
        <PreloadLink to={SIGN_IN_PATH}>{m.signIn()}</PreloadLink>
      </Button>
    </div>
  );
}

/** A used or expired "sign out everywhere" link: the ways that are still there. */
export function ExpiredSignOutLink() {
  return (
    <ExpiredLink>
      <p className="text-sm">{m.expiredSignOutLinkText()}</p>
      <Button asChild>
        <PreloadLink to={FORGOT_PASSWORD_PATH}>{m.resetMyPassword()}</PreloadLink>
      </Button>
    </ExpiredLink>
  );
}
