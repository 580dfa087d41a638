/** Two-step sign-in in the browser: the dashboard's card, and its entries in the activity log. */
import type { FeatureUi } from "~/lib/features";
import MonitorXIcon from "~icons/lucide/monitor-x";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import ShieldOffIcon from "~icons/lucide/shield-off";
import { twoFactorSection } from "./sections";
import { TwoFactorCard } from "./two-factor-card";

export default {
  dashboardSections: [
    {
      id: "two-factor",
      label: "Two-step sign-in",
      icon: ShieldCheckIcon,
      order: 40,
      Card: twoFactorSection.card(({ data }) => <TwoFactorCard twoFactor={data} />),
    },
  ],
  activityKinds: {
    "two-factor-enabled": { icon: ShieldCheckIcon, describe: "Two-step sign-in turned on" },
    "two-factor-disabled": { icon: ShieldOffIcon, describe: "Two-step sign-in turned off" },
    "recovery-codes-replaced": { icon: ShieldCheckIcon, describe: "New recovery codes made" },
    "trusted-browsers-forgotten": { icon: MonitorXIcon, describe: "Trusted browsers forgotten" },
  },
} satisfies FeatureUi;
