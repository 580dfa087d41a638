// "Sign in with a passkey" on /login (the feature's SignInOption).
import { useEffect, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useContinueAfterSignIn } from "~/components/use-continue-after-sign-in";
import type { SignInOption } from "~/lib/features";
import { afterHydration } from "~/shell/after-hydration";
import KeyRoundIcon from "~icons/lucide/key-round";
import * as m from "./messages";

/** The WebAuthn code, loaded on first use: it is not part of the page's first load. */
const loadPasskeyClient = () => import("./passkey-client");

/** Whether the browser can list passkeys in the email field's autofill (conditional UI). */
async function supportsPasskeyAutofill(): Promise<boolean> {
  if (typeof PublicKeyCredential === "undefined") return false;
  return (await PublicKeyCredential.isConditionalMediationAvailable?.()) === true;
}

/**
 * `Sign in with a passkey`, and, where the browser supports it,
 * the same offered in the email field's autofill list (the field carries
 * `autocomplete="username webauthn"`). Either way the session cookie comes
 * back from `/api/auth/passkey/verify-authentication` and the page moves on.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const continueAfterSignIn = useContinueAfterSignIn(redirectTo);

  useEffect(() => {
    let active = true;
    void (async () => {
      // The autofill list is offered once the page is hydrated and idle: not part of its first load.
      await afterHydration();
      if (!active || !(await supportsPasskeyAutofill())) return;
      const { signInWithPasskey } = await loadPasskeyClient();
      const result = await signInWithPasskey({ autoFill: true });
      if (active && result.ok) await continueAfterSignIn();
    })();
    return () => {
      active = false;
    };
  }, [continueAfterSignIn]);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const { signInWithPasskey } = await loadPasskeyClient();
      const result = await signInWithPasskey();
      if (!result.ok) setError(result.message);
      else if (!(await continueAfterSignIn())) setError(m.signInDidNotWork());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-3">
      {error ? <Alert>{error}</Alert> : null}
      <Button type="button" variant="outline" size="lg" className="w-full" disabled={busy} onClick={signIn}>
        <KeyRoundIcon />
        {m.signInWithPasskey()}
      </Button>
    </div>
  );
}

/** On the sign-in form only: a passkey signs in to an account that exists. */
const PasskeySignInOption: SignInOption = ({ redirectTo, isSignUp }) =>
  isSignUp ? null : <PasskeySignIn redirectTo={redirectTo} />;

export default PasskeySignInOption;
