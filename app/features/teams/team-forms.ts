import { z } from "zod";
import { actionForm } from "~/lib/action-form";
import { emailAddress } from "~/lib/fields";
import * as m from "./messages";
import { GIVEN_ROLES } from "./roles";
import { teamName } from "./team-name";

/**
 * The teams pages' forms (`actionForm`): their intents and the fields their
 * actions read, for the actions and, by type only, the cards. A team's own
 * forms also post `teamId`, which the kit adds (`teamAction`).
 */

/** A row's id (a team's, member's or invitation's), as a hidden field posts it. Messages are worded at parse time. */
export const id = z
  .string({ error: () => m.reloadAndTryAgain() })
  .min(1)
  .max(100);
/** A role one member gives another. */
export const givenRole = z.enum(GIVEN_ROLES, { error: () => m.chooseAdminOrMember() });

/** "Create a team". */
export const createTeamForm = actionForm("create-team", { name: teamName });
/** "Make active": the team the session works in. */
export const switchTeamForm = actionForm("switch-team", {});
/** "Rename" (owners). */
export const renameTeamForm = actionForm("rename-team", { name: teamName });
/** "Delete team" (owners), confirmed by typing its name. */
export const deleteTeamForm = actionForm("delete-team", { confirm: z.string().max(200).optional() });
/** "Leave team". */
export const leaveTeamForm = actionForm("leave-team", {});
/** "Invite" (owners and admins): an address and the role it will have. */
export const inviteForm = actionForm("invite", { email: emailAddress, role: givenRole });
/** "Send again" on a waiting invitation. */
export const resendInvitationForm = actionForm("resend-invitation", { invitationId: id });
/** "Revoke" on a waiting invitation. */
export const revokeInvitationForm = actionForm("revoke-invitation", { invitationId: id });
/** "Accept" on an invitation waiting for the person. */
export const acceptInvitationForm = actionForm("accept-invitation", { invitationId: id });
/** "Decline" on an invitation waiting for the person. */
export const declineInvitationForm = actionForm("decline-invitation", { invitationId: id });
/** A member's new role. */
export const changeRoleForm = actionForm("change-role", { memberId: id, role: givenRole });
/** "Remove" a member. */
export const removeMemberForm = actionForm("remove-member", { memberId: id });
/** "Make owner": hand the team over to a member. */
export const transferOwnershipForm = actionForm("transfer-ownership", { memberId: id });
