import { useEffect } from "react";
import { data, useNavigate } from "react-router";
import { PreloadLink } from "~/components/preload-link";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { REDIRECT_PARAM } from "~/lib/constants";
import { signInPageHeaders } from "~/lib/opener-policy";
import { safeRedirect, signInPathFor } from "~/lib/redirect";
import { sessionContext } from "~/server/context.server";
import type { Route } from "./+types/auth-result";
import * as m from "./messages";
import { takePopupFlag } from "./popup-flag";
import { signInErrorMessage } from "./sign-in-errors";

// Read when the page is shown, in its language.
export const handle = { title: () => m.signIn() };

export const headers = signInPageHeaders;

/**
 * Where a provider sign-in in the popup comes back to, and where refused
 * callbacks land (`?error=code`, answered with `400`). Signed in inside the
 * popup: it removes the popup flag, which tells the opener, and closes.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const error = url.searchParams.get("error");
  const result = {
    error: error ? signInErrorMessage(error) : null,
    signedIn: context.get(sessionContext) !== null,
    redirectTo: safeRedirect(url.searchParams.get(REDIRECT_PARAM)),
  };
  return data(result, { status: error ? 400 : 200 });
}

export default function AuthResult({ loaderData }: Route.ComponentProps) {
  const { error, signedIn, redirectTo } = loaderData;
  const navigate = useNavigate();

  useEffect(() => {
    if (error || !signedIn) return;
    if (takePopupFlag()) window.close();
    // Not the popup (or the browser kept it open): carry on in this window.
    else void navigate(redirectTo, { replace: true });
  }, [error, signedIn, redirectTo, navigate]);

  return (
    <div className="flex flex-1 items-center justify-center px-4 py-12">
      <div className="grid w-full max-w-md gap-5 rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <h1 className="font-bold text-2xl tracking-tight">
          {error ? m.signInFailed() : signedIn ? m.youAreSignedIn() : m.signInDidNotComplete()}
        </h1>
        {error ? <Alert>{error}</Alert> : null}
        {signedIn && !error ? (
          <p className="text-muted-foreground text-sm">{m.windowClosesItself()}</p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button asChild>
            {signedIn && !error ? (
              <PreloadLink to={redirectTo}>{m.continueOn()}</PreloadLink>
            ) : (
              <PreloadLink to={signInPathFor(redirectTo)}>{m.backToSignIn()}</PreloadLink>
            )}
          </Button>
          <Button type="button" variant="outline" onClick={() => window.close()}>
            {m.closeWindow()}
          </Button>
        </div>
      </div>
    </div>
  );
}
