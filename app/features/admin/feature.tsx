/** The admin console in the browser: the entries it writes in a person's activity log. */
import type { FeatureUi } from "~/lib/features";
import BanIcon from "~icons/lucide/ban";
import LifeBuoyIcon from "~icons/lucide/life-buoy";
import UnlockIcon from "~icons/lucide/lock-open";
import LogOutIcon from "~icons/lucide/log-out";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import ShieldOffIcon from "~icons/lucide/shield-off";

export default {
  activityKinds: {
    "admin-support-sign-in": {
      icon: LifeBuoyIcon,
      describe: "An administrator signed in to your account for support",
    },
    "admin-suspended": { icon: BanIcon, describe: "Your account was suspended" },
    "admin-suspension-lifted": { icon: UnlockIcon, describe: "Your account's suspension was lifted" },
    "admin-signed-out-everywhere": {
      icon: LogOutIcon,
      describe: "An administrator signed you out everywhere",
    },
    "admin-role-given": { icon: ShieldCheckIcon, describe: "You were made an administrator" },
    "admin-role-removed": { icon: ShieldOffIcon, describe: "You are no longer an administrator" },
  },
} satisfies FeatureUi;
