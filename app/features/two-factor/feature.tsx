/** Two-step sign-in in the browser: the dashboard's card, and its entries in the activity log. */
import type { FeatureUi } from "~/lib/features";
import MonitorXIcon from "~icons/lucide/monitor-x";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import ShieldOffIcon from "~icons/lucide/shield-off";
import * as m from "./messages";
import { twoFactorSection } from "./sections";
import { TwoFactorCard } from "./two-factor-card";

export default {
  dashboardSections: [
    {
      id: "two-factor",
      // A getter: read where it is shown, in that request's (or page's) language.
      get label() {
        return m.twoStepSignIn();
      },
      icon: ShieldCheckIcon,
      order: 40,
      Card: twoFactorSection.card(({ data }) => <TwoFactorCard twoFactor={data} />),
    },
  ],
  activityKinds: {
    "two-factor-enabled": { icon: ShieldCheckIcon, describe: () => m.activityTurnedOn() },
    "two-factor-disabled": { icon: ShieldOffIcon, describe: () => m.activityTurnedOff() },
    "recovery-codes-replaced": { icon: ShieldCheckIcon, describe: () => m.activityRecoveryCodesReplaced() },
    "trusted-browsers-forgotten": {
      icon: MonitorXIcon,
      describe: () => m.activityTrustedBrowsersForgotten(),
    },
  },
} satisfies FeatureUi;
