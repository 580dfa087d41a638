/**
 * Teams in the browser: the dashboard's card, and their entries in the
 * activity log (each sentence a message, worded when the entry is shown).
 */
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
import * as m from "./messages";
import { teamsSection } from "./sections";
import { TeamsCard } from "./teams-card";

export default {
  dashboardSections: [
    {
      id: "teams",
      // A getter: read where it is shown, in that request's (or page's) language.
      get label() {
        return m.teams();
      },
      icon: UsersIcon,
      order: 25,
      Card: teamsSection.card(({ data }) => <TeamsCard teams={data} />),
    },
  ],
  activityKinds: {
    "team-created": { icon: UsersIcon, describe: withDetail(m.activityTeamCreated) },
    "team-renamed": { icon: PencilIcon, describe: withDetail(m.activityTeamRenamed) },
    "team-invitation-sent": { icon: MailIcon, describe: withDetail(m.activityInvitationSent) },
    "team-invitation-received": { icon: MailIcon, describe: withDetail(m.activityInvitedToTeam) },
    "team-invitation-revoked": { icon: MailXIcon, describe: withDetail(m.activityInvitationRevoked) },
    "team-invitation-declined": { icon: MailXIcon, describe: withDetail(m.activityInvitationDeclined) },
    "team-joined": { icon: UserPlusIcon, describe: withDetail(m.activityJoinedTeam) },
    "team-member-joined": { icon: UserPlusIcon, describe: withDetail(m.activityInvitationAccepted) },
    "team-role-changed": { icon: ShieldIcon, describe: withDetail(m.activityRoleChanged) },
    "team-role-given": { icon: ShieldIcon, describe: withDetail(m.activityRoleGiven) },
    "team-member-removed": { icon: UserMinusIcon, describe: withDetail(m.activityMemberRemoved) },
    "team-removed-from": { icon: UserMinusIcon, describe: withDetail(m.activityRemovedFromTeam) },
    "team-left": { icon: LogOutIcon, describe: withDetail(m.activityLeftTeam) },
    "team-ownership-transferred": { icon: CrownIcon, describe: withDetail(m.activityOwnershipHandedOver) },
    "team-ownership-received": { icon: CrownIcon, describe: withDetail(m.activityOwnershipReceived) },
    "team-ownership-taken-back": { icon: CrownIcon, describe: withDetail(m.activityOwnershipTakenBack) },
    "team-ownership-lost": { icon: CrownIcon, describe: withDetail(m.activityOwnershipLost) },
    "team-deleted": { icon: Trash2Icon, describe: withDetail(m.activityTeamDeleted) },
    "team-deleted-by-owner": { icon: Trash2Icon, describe: withDetail(m.activityTeamDeletedByOwner) },
  },
} satisfies FeatureUi;
