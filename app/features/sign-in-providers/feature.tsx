import { Suspense } from "react";
import { clientLazy } from "~/components/client-lazy";
import type { FeatureUi } from "~/lib/features";
import LinkIcon from "~icons/lucide/link";
import { PROVIDERS_KEY } from "./constants";
import type { ProvidersSignIn } from "./providers";
import { useCloseSignInPopup } from "./use-close-sign-in-popup";

/**
 * Sign-in providers in the browser: the sign-in page's buttons and the
 * popup, the dashboard's rows to link and unlink, and the popup closing
 * itself on whichever page it comes back to. The buttons' and rows' code
 * reaches the browser only on the pages that show them.
 */

/** The buttons (and their popup): code fetched only where providers are configured. */
const ProviderOptions = clientLazy(() =>
  import("./provider-sign-in").then((module) => module.ProviderOptions),
);

/** The Sign-in methods card's rows: code fetched only by the dashboard. */
const ProviderRows = clientLazy(() => import("./provider-rows").then((module) => module.ProviderRows));

export default {
  activityKinds: {
    "provider-linked": { icon: LinkIcon, describe: ({ method }) => `${method ?? "Provider"} linked` },
  },
  SignInOptions: ({ options, redirectTo, answered }) => {
    const part = options[PROVIDERS_KEY] as ProvidersSignIn | undefined;
    if (!part) return null;
    return (
      <Suspense>
        <ProviderOptions part={part} redirectTo={redirectTo} answered={answered} />
      </Suspense>
    );
  },
  SignInMethods: ({ data }) => (
    <Suspense>
      <ProviderRows data={data} />
    </Suspense>
  ),
  OnEveryPage: ({ signedIn }) => {
    useCloseSignInPopup(signedIn);
    return null;
  },
} satisfies FeatureUi;
