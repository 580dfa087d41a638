/** The admin console in the browser: the entries it writes in a person's activity log. */
import type { FeatureUi } from "~/lib/features";
import BanIcon from "~icons/lucide/ban";
import LifeBuoyIcon from "~icons/lucide/life-buoy";
import UnlockIcon from "~icons/lucide/lock-open";
import LogOutIcon from "~icons/lucide/log-out";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import ShieldOffIcon from "~icons/lucide/shield-off";
import * as m from "./messages";

export default {
  activityKinds: {
    // Said when the log is read, in its reader's language.
    "admin-support-sign-in": { icon: LifeBuoyIcon, describe: () => m.activitySupportSignIn() },
    "admin-suspended": { icon: BanIcon, describe: () => m.activitySuspended() },
    "admin-suspension-lifted": { icon: UnlockIcon, describe: () => m.activitySuspensionLifted() },
    "admin-signed-out-everywhere": { icon: LogOutIcon, describe: () => m.activitySignedOutEverywhere() },
    "admin-role-given": { icon: ShieldCheckIcon, describe: () => m.activityRoleGiven() },
    "admin-role-removed": { icon: ShieldOffIcon, describe: () => m.activityRoleRemoved() },
  },
} satisfies FeatureUi;
