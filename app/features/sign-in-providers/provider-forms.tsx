import type { FormEvent, ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { REDIRECT_PARAM, SIGN_IN_PATH } from "~/lib/constants";
import * as m from "./messages";
import type { OAuthProviderId, ProvidersSignIn } from "./providers";

type ProviderFormsProps = {
  part: ProvidersSignIn;
  redirectTo: string;
  /** The page shows a form's answer: an earlier provider error is not news any more. */
  answered: boolean;
  /** Each provider's logo; by default a blank of the same size. */
  logo?: (id: OAuthProviderId) => ReactNode;
  /** With the popup's code: sends the post to a popup instead of this page. */
  onSubmit?: (event: FormEvent<HTMLFormElement>, provider: OAuthProviderId) => void;
  /** The provider whose popup is open: its button waits. */
  pending?: OAuthProviderId | null;
};

/**
 * The providers' part of the sign-in page: why a provider sign-in just
 * failed (`?error=`, unless the page shows a form's answer), then one
 * `Sign in with …` button per configured provider. Each is a plain form
 * post to `/login`, which answers with a redirect to the provider: without
 * JavaScript that is the whole flow, in the page.
 *
 * Without `logo` and `onSubmit` it is what a client navigation to the page
 * shows while the popup's code loads: the same boxes, so the email form
 * below does not move under a press when that code arrives.
 */
export function ProviderForms({
  part,
  redirectTo,
  answered,
  logo = blankLogo,
  onSubmit,
  pending = null,
}: ProviderFormsProps) {
  return (
    <>
      {part.error && !answered ? <Alert>{part.error}</Alert> : null}
      {part.providers.length > 0 ? (
        <div className="grid gap-3">
          {part.providers.map((provider) => (
            <form
              key={provider.id}
              method="post"
              action={SIGN_IN_PATH}
              onSubmit={onSubmit && ((event) => onSubmit(event, provider.id))}
            >
              <input type="hidden" name="intent" value="oauth" />
              <input type="hidden" name="provider" value={provider.id} />
              <input type="hidden" name="display" value="page" />
              <input type="hidden" name={REDIRECT_PARAM} value={redirectTo} />
              {/* The large size's box as a minimum (`size="inline"` leaves it to these classes): a long
                  label (a long provider name, a longer language) wraps instead of running past the edge. */}
              <Button
                type="submit"
                variant="outline"
                size="inline"
                className="min-h-11 w-full px-6 py-2 text-base"
                disabled={pending === provider.id}
              >
                {logo(provider.id)}
                <span className="min-w-0 whitespace-normal break-words text-center">
                  {m.signInWith({ provider: provider.name })}
                </span>
              </Button>
            </form>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** A logo's box, empty: a button's icons are 1 rem square. */
function blankLogo() {
  return <span aria-hidden="true" className="size-4 shrink-0" />;
}
