// What the passkeys feature adds to the browser (FeatureUi).
import type { FeatureUi } from "~/lib/features";
import FingerprintIcon from "~icons/lucide/fingerprint";
import FingerprintPatternIcon from "~icons/lucide/fingerprint-pattern";
import { PasskeysCard } from "./passkeys-card";
import { passkeysSection } from "./sections";

/** Passkeys: the dashboard's Passkeys card, and their entries in the activity log. */
export default {
  dashboardSections: [
    {
      id: "passkeys",
      label: "Passkeys",
      icon: FingerprintPatternIcon,
      order: 30,
      Card: passkeysSection.card(({ data, dashboard }) => (
        <PasskeysCard
          passkeys={data}
          thisDevice={dashboard.sessions.find((session) => session.current)?.browser ?? "This device"}
        />
      )),
    },
  ],
  activityKinds: {
    "passkey-added": { icon: FingerprintIcon, describe: "Passkey added" },
    "passkey-renamed": { icon: FingerprintIcon, describe: "Passkey renamed" },
    "passkey-removed": { icon: FingerprintIcon, describe: "Passkey removed" },
  },
} satisfies FeatureUi;
