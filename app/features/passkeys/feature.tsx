// What the passkeys feature adds to the browser (FeatureUi).
import type { FeatureUi } from "~/lib/features";
import FingerprintIcon from "~icons/lucide/fingerprint";
import FingerprintPatternIcon from "~icons/lucide/fingerprint-pattern";
import * as m from "./messages";
import { PasskeysCard } from "./passkeys-card";
import { passkeysSection } from "./sections";

/** Passkeys: the dashboard's Passkeys card, and their entries in the activity log. */
export default {
  dashboardSections: [
    {
      id: "passkeys",
      // A message: read where it is shown, in that request's (or page's) language.
      label: m.passkeys,
      icon: FingerprintPatternIcon,
      order: 30,
      Card: passkeysSection.card(({ data, dashboard }) => (
        <PasskeysCard
          passkeys={data}
          thisDevice={dashboard.sessions.find((session) => session.current)?.browser ?? m.thisDevice()}
        />
      )),
    },
  ],
  activityKinds: {
    "passkey-added": { icon: FingerprintIcon, describe: () => m.activityAdded() },
    "passkey-renamed": { icon: FingerprintIcon, describe: () => m.activityRenamed() },
    "passkey-removed": { icon: FingerprintIcon, describe: () => m.activityRemoved() },
  },
} satisfies FeatureUi;
