// The providers' part of /login and of its sign-up form (the feature's SignInOption).
import { Suspense } from "react";
import { clientLazy } from "~/components/client-lazy";
import type { SignInOption } from "~/lib/features";
import { PROVIDERS_KEY } from "./constants";
import { ProviderForms } from "./provider-forms";
import type { ProvidersSignIn } from "./providers";

/** The buttons (and their popup): code fetched only where providers are configured. */
const ProviderOptions = clientLazy(() =>
  import("./provider-sign-in").then((module) => module.ProviderOptions),
);

const ProvidersSignInOption: SignInOption = ({ options, redirectTo, answered }) => {
  const part = options[PROVIDERS_KEY] as ProvidersSignIn | undefined;
  if (!part) return null;
  return (
    // A client navigation shows the same buttons, as plain posts, until the popup's code is there.
    <Suspense fallback={<ProviderForms part={part} redirectTo={redirectTo} answered={answered} />}>
      <ProviderOptions part={part} redirectTo={redirectTo} answered={answered} />
    </Suspense>
  );
};

export default ProvidersSignInOption;
