import { Suspense } from "react";
import { clientLazy } from "~/components/client-lazy";
import type { FeatureUi } from "~/lib/features";
import LinkIcon from "~icons/lucide/link";
import * as m from "./messages";

/**
 * Sign-in providers on the dashboard: the Sign-in methods card's rows to
 * link and unlink, and the activity kind of a link. The sign-in page's
 * buttons are `sign-in.tsx`; the popup closing itself, `every-page.tsx`.
 */

/** The Sign-in methods card's rows: code fetched only by the dashboard. */
const ProviderRows = clientLazy(() => import("./provider-rows").then((module) => module.ProviderRows));

export default {
  activityKinds: {
    "provider-linked": {
      icon: LinkIcon,
      describe: ({ method }) =>
        method ? m.activityProviderLinked({ provider: method }) : m.activitySomeProviderLinked(),
    },
  },
  SignInMethods: ({ data }) => (
    <Suspense>
      <ProviderRows data={data} />
    </Suspense>
  ),
} satisfies FeatureUi;
