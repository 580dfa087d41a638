import { DEFAULT_SIGNED_IN_PATH, SIGN_IN_PATH } from "~/lib/constants";
import * as m from "./messages";
import { PreloadLink } from "./preload-link";
import { Button } from "./ui/button";

/** Where a mailed link's page sends the person next: their dashboard, or signing in on this device. */
export function OnwardButton({ signedIn }: { signedIn: boolean }) {
  return (
    <Button asChild>
      {signedIn ? (
        <PreloadLink to={DEFAULT_SIGNED_IN_PATH}>{m.continueToDashboard()}</PreloadLink>
      ) : (
        <PreloadLink to={SIGN_IN_PATH}>{m.signIn()}</PreloadLink>
      )}
    </Button>
  );
}
