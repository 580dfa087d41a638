import { featureUis } from "~/features/ui";
import KeyRoundIcon from "~icons/lucide/key-round";
import LogInIcon from "~icons/lucide/log-in";
import LogOutIcon from "~icons/lucide/log-out";
import MonitorCheckIcon from "~icons/lucide/monitor-check";
import ShieldAlertIcon from "~icons/lucide/shield-alert";
import UnlinkIcon from "~icons/lucide/unlink";
import UserPenIcon from "~icons/lucide/user-pen";
import UserPlusIcon from "~icons/lucide/user-plus";
import type { ActivityKindInfo } from "./features";
import * as m from "./messages";

/**
 * The account activity log ("recent activity"): what the server records
 * and the dashboard shows, each kind with its icon and sentence. Shared by
 * both sides.
 */
/** One entry as the dashboard receives it: the method already named for people. */
export type ActivityItem = {
  id: number;
  /** A kind of `CORE_ACTIVITY_KINDS` or of a feature's (`FeatureUi.activityKinds`). */
  kind: string;
  /** "Password", "Passkey", "GitHub"…, or null when the kind has no method. */
  method: string | null;
  /** "Chrome on Linux", from the user agent when it happened. */
  browser: string | null;
  ip: string | null;
  success: boolean;
  /** What it was about ("Acme", "ana@example.com as admin"), for the kinds that say. */
  detail: string | null;
  createdAt: string;
};

/**
 * The core's kinds of entries: each with its icon and its sentence, worded
 * when the dashboard (or the export) shows it, in its reader's language. A
 * feature adds its own.
 */
const CORE_ACTIVITY_KINDS: Record<string, ActivityKindInfo> = {
  "sign-in": {
    icon: LogInIcon,
    describe: ({ success, method }) => {
      if (success) return method ? m.activitySignedInWith({ method }) : m.activitySignedIn();
      return method ? m.activitySignInFailedWith({ method }) : m.activitySignInFailed();
    },
  },
  "sign-up": {
    icon: UserPlusIcon,
    describe: ({ method }) =>
      method ? m.activityAccountCreatedWith({ method }) : m.activityAccountCreated(),
  },
  "new-device": {
    icon: MonitorCheckIcon,
    describe: ({ browser }) => (browser ? m.activityNewDeviceBrowser({ browser }) : m.activityNewDevice()),
  },
  "password-changed": { icon: KeyRoundIcon, describe: m.activityPasswordChanged },
  "password-set": { icon: KeyRoundIcon, describe: m.activityPasswordSet },
  "provider-unlinked": {
    icon: UnlinkIcon,
    describe: ({ method }) =>
      method ? m.activityProviderUnlinked({ method }) : m.activitySomeProviderUnlinked(),
  },
  "session-revoked": { icon: LogOutIcon, describe: m.activitySessionRevoked },
  "other-sessions-revoked": { icon: LogOutIcon, describe: m.activityOtherSessionsRevoked },
  "signed-out-everywhere": { icon: LogOutIcon, describe: m.activitySignedOutEverywhere },
  "name-changed": { icon: UserPenIcon, describe: m.activityNameChanged },
  "password-change-refused": { icon: ShieldAlertIcon, describe: m.activityPasswordChangeRefused },
  "account-deletion-refused": { icon: ShieldAlertIcon, describe: m.activityAccountDeletionRefused },
  "password-check-failed": { icon: ShieldAlertIcon, describe: m.activityPasswordCheckFailed },
};

/** Every kind this build knows, the core's and the listed features': a kind not here is not shown. */
export function activityKind(kind: string): ActivityKindInfo | undefined {
  const known = Object.hasOwn(CORE_ACTIVITY_KINDS, kind)
    ? CORE_ACTIVITY_KINDS[kind]
    : featureUis().find((feature) => feature.activityKinds && Object.hasOwn(feature.activityKinds, kind))
        ?.activityKinds?.[kind];
  return known;
}

/** The sentence the dashboard shows for an entry: "Signed in with GitHub", "Failed sign-in with Password". */
export function describeActivity(entry: ActivityItem): string {
  const describe = activityKind(entry.kind)?.describe ?? entry.kind;
  return typeof describe === "string" ? describe : describe(entry);
}
