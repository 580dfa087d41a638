/** Teams in the browser: the dashboard's card, and their entries in the activity log. */
import type { ActivityItem } from "~/lib/activity";
import type { FeatureUi } from "~/lib/features";
import CrownIcon from "~icons/lucide/crown";
import LogOutIcon from "~icons/lucide/log-out";
import MailIcon from "~icons/lucide/mail";
import MailXIcon from "~icons/lucide/mail-x";
import PencilIcon from "~icons/lucide/pencil";
import ShieldIcon from "~icons/lucide/shield";
import Trash2Icon from "~icons/lucide/trash-2";
import UserMinusIcon from "~icons/lucide/user-minus";
import UserPlusIcon from "~icons/lucide/user-plus";
import UsersIcon from "~icons/lucide/users";
import { teamsSection } from "./sections";
import { TeamsCard } from "./teams-card";

/** A sentence with what the entry was about (a team's name, an address), when the log kept it. */
const about =
  (sentence: string) =>
  ({ detail }: ActivityItem) =>
    detail ? `${sentence}: ${detail}` : sentence;

export default {
  dashboardSections: [
    {
      id: "teams",
      label: "Teams",
      icon: UsersIcon,
      order: 25,
      Card: teamsSection.card(({ data }) => <TeamsCard teams={data} />),
    },
  ],
  activityKinds: {
    "team-created": { icon: UsersIcon, describe: about("Team created") },
    "team-renamed": { icon: PencilIcon, describe: about("Team renamed") },
    "team-invitation-sent": { icon: MailIcon, describe: about("Invitation sent") },
    "team-invitation-received": { icon: MailIcon, describe: about("Invited to a team") },
    "team-invitation-revoked": { icon: MailXIcon, describe: about("Invitation revoked") },
    "team-invitation-declined": { icon: MailXIcon, describe: about("Invitation declined") },
    "team-joined": { icon: UserPlusIcon, describe: about("Joined a team") },
    "team-member-joined": { icon: UserPlusIcon, describe: about("Your invitation was accepted") },
    "team-role-changed": { icon: ShieldIcon, describe: about("Role changed") },
    "team-role-given": { icon: ShieldIcon, describe: about("Your role changed") },
    "team-member-removed": { icon: UserMinusIcon, describe: about("Member removed") },
    "team-removed-from": { icon: UserMinusIcon, describe: about("Removed from a team") },
    "team-left": { icon: LogOutIcon, describe: about("Left a team") },
    "team-ownership-transferred": { icon: CrownIcon, describe: about("Ownership handed over") },
    "team-ownership-received": { icon: CrownIcon, describe: about("You now own a team") },
    "team-ownership-taken-back": { icon: CrownIcon, describe: about("Ownership taken back") },
    "team-ownership-lost": { icon: CrownIcon, describe: about("Ownership was taken back from you") },
    "team-deleted": { icon: Trash2Icon, describe: about("Team deleted") },
    "team-deleted-by-owner": { icon: Trash2Icon, describe: about("A team you were in was deleted") },
  },
} satisfies FeatureUi;
