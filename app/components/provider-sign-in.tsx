import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { POPUP_WINDOW_NAME, REDIRECT_PARAM, SIGN_IN_PATH } from "~/lib/constants";
import { OAUTH_PROVIDERS, type OAuthProviderId, type SignInProvider } from "~/lib/sign-in-providers";
import { onPopupSignIn, openSignInPopup, watchPopupClosed } from "~/shell/sign-in-popup";
import { useContinueAfterSignIn } from "./use-continue-after-sign-in";

/**
 * One `Sign in with …` button per configured provider. Each is a
 * plain form post to `/login`, which answers with a redirect to the
 * provider: without JavaScript, or when the browser blocks the popup, that
 * is the whole flow, in the page. With JavaScript, the post goes to a
 * 960 × 600 popup instead and this page waits for the popup's signal.
 */
export function ProviderSignIn({
  providers,
  redirectTo,
}: {
  providers: SignInProvider[];
  redirectTo: string;
}) {
  const [pending, setPending] = useState<OAuthProviderId | null>(null);
  const stopWatching = useRef<() => void>(undefined);
  const continueAfterSignIn = useContinueAfterSignIn(redirectTo);

  useEffect(() => onPopupSignIn(() => void continueAfterSignIn()), [continueAfterSignIn]);
  useEffect(() => () => stopWatching.current?.(), []);

  function openInPopup(event: FormEvent<HTMLFormElement>, provider: OAuthProviderId) {
    const popup = openSignInPopup();
    if (!popup) return; // Blocked: the form posts as it is, a full-page redirect.
    event.preventDefault();
    const form = event.currentTarget;
    const display = form.elements.namedItem("display") as HTMLInputElement;
    display.value = "popup";
    form.target = POPUP_WINDOW_NAME;
    form.submit();
    display.value = "page";
    form.removeAttribute("target");
    setPending(provider);
    stopWatching.current?.();
    stopWatching.current = watchPopupClosed(popup, () => setPending(null));
  }

  if (providers.length === 0) return null;
  return (
    <div className="grid gap-3">
      {providers.map((provider) => (
        <form
          key={provider.id}
          method="post"
          action={SIGN_IN_PATH}
          onSubmit={(event) => openInPopup(event, provider.id)}
        >
          <input type="hidden" name="intent" value="oauth" />
          <input type="hidden" name="provider" value={provider.id} />
          <input type="hidden" name="display" value="page" />
          <input type="hidden" name={REDIRECT_PARAM} value={redirectTo} />
          <Button
            type="submit"
            variant="outline"
            size="lg"
            className="w-full"
            disabled={pending === provider.id}
          >
            <ProviderLogo id={provider.id} />
            Sign in with {provider.name}
          </Button>
        </form>
      ))}
    </div>
  );
}

/** A provider's logo (`OAUTH_PROVIDERS`), drawn inline. */
function ProviderLogo({ id }: { id: OAuthProviderId }) {
  const Logo = OAUTH_PROVIDERS[id].icon;
  return <Logo />;
}
