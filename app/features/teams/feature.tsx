/** Teams in the browser: the dashboard's card, and their entries in the activity log. */
import { withDetail } from "~/lib/activity-sentence";
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
    "team-created": { icon: UsersIcon, describe: withDetail("Team created") },
    "team-renamed": { icon: PencilIcon, describe: withDetail("Team renamed") },
    "team-invitation-sent": { icon: MailIcon, describe: withDetail("Invitation sent") },
    "team-invitation-received": { icon: MailIcon, describe: withDetail("Invited to a team") },
    "team-invitation-revoked": { icon: MailXIcon, describe: withDetail("Invitation revoked") },
    "team-invitation-declined": { icon: MailXIcon, describe: withDetail("Invitation declined") },
    "team-joined": { icon: UserPlusIcon, describe: withDetail("Joined a team") },
    "team-member-joined": { icon: UserPlusIcon, describe: withDetail("Your invitation was accepted") },
    "team-role-changed": { icon: ShieldIcon, describe: withDetail("Role changed") },
    "team-role-given": { icon: ShieldIcon, describe: withDetail("Your role changed") },
    "team-member-removed": { icon: UserMinusIcon, describe: withDetail("Member removed") },
    "team-removed-from": { icon: UserMinusIcon, describe: withDetail("Removed from a team") },
    "team-left": { icon: LogOutIcon, describe: withDetail("Left a team") },
    "team-ownership-transferred": { icon: CrownIcon, describe: withDetail("Ownership handed over") },
    "team-ownership-received": { icon: CrownIcon, describe: withDetail("You now own a team") },
    "team-ownership-taken-back": { icon: CrownIcon, describe: withDetail("Ownership taken back") },
    "team-ownership-lost": { icon: CrownIcon, describe: withDetail("Ownership was taken back from you") },
    "team-deleted": { icon: Trash2Icon, describe: withDetail("Team deleted") },
    "team-deleted-by-owner": { icon: Trash2Icon, describe: withDetail("A team you were in was deleted") },
  },
} satisfies FeatureUi;
