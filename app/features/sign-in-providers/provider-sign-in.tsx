import { type FormEvent, useEffect, useRef, useState } from "react";
import { useContinueAfterSignIn } from "~/components/use-continue-after-sign-in";
import { POPUP_WINDOW_NAME } from "~/lib/constants";
import { ProviderForms } from "./provider-forms";
import { OAUTH_PROVIDERS, type OAuthProviderId, type ProvidersSignIn } from "./providers";
import { onPopupSignIn, openSignInPopup, watchPopupClosed } from "./sign-in-popup";

/**
 * The providers' part of the sign-in page (`ProviderForms`), with each
 * provider's logo and its popup: the post goes to a 960 × 600 popup and
 * this page waits for the popup's signal. When the browser blocks the
 * popup, the form posts as it is, a full-page redirect.
 */
export function ProviderOptions({
  part,
  redirectTo,
  answered,
}: {
  part: ProvidersSignIn;
  redirectTo: string;
  answered: boolean;
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

  return (
    <ProviderForms
      part={part}
      redirectTo={redirectTo}
      answered={answered}
      logo={(id) => <ProviderLogo id={id} />}
      onSubmit={openInPopup}
      pending={pending}
    />
  );
}

/** A provider's logo (`OAUTH_PROVIDERS`), drawn inline. */
function ProviderLogo({ id }: { id: OAuthProviderId }) {
  const Logo = OAUTH_PROVIDERS[id].icon;
  return <Logo />;
}
