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

const by = ({ method }: ActivityItem) => (method ? ` with ${method}` : "");

/** The core's kinds of entries: each with its icon and its sentence. A feature adds its own. */
const CORE_ACTIVITY_KINDS: Record<string, ActivityKindInfo> = {
  "sign-in": {
    icon: LogInIcon,
    describe: (entry) => (entry.success ? `Signed in${by(entry)}` : `Failed sign-in${by(entry)}`),
  },
  "sign-up": { icon: UserPlusIcon, describe: (entry) => `Account created${by(entry)}` },
  "new-device": {
    icon: MonitorCheckIcon,
    describe: ({ browser }) => `Sign-in from a new device${browser ? `: ${browser}` : ""}`,
  },
  "password-changed": { icon: KeyRoundIcon, describe: "Password changed" },
  "password-set": { icon: KeyRoundIcon, describe: "Password set" },
  "provider-unlinked": { icon: UnlinkIcon, describe: ({ method }) => `${method ?? "Provider"} unlinked` },
  "session-revoked": { icon: LogOutIcon, describe: "Signed out a session" },
  "other-sessions-revoked": { icon: LogOutIcon, describe: "Signed out everywhere else" },
  "signed-out-everywhere": { icon: LogOutIcon, describe: "Signed out everywhere from the new-device mail" },
  "name-changed": { icon: UserPenIcon, describe: "Name changed" },
  "password-change-refused": {
    icon: ShieldAlertIcon,
    describe: "Password change refused: wrong current password",
  },
  "account-deletion-refused": { icon: ShieldAlertIcon, describe: "Account deletion refused: wrong password" },
  "password-check-failed": {
    icon: ShieldAlertIcon,
    describe: "Wrong password entered to confirm it was you",
  },
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
