/** A team page's cards about people: its members (roles, removal, ownership), inviting, and the invitations waiting. */
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { rich } from "~/i18n/rich";
import { EMAIL_MAX_LENGTH } from "~/lib/constants";
import CrownIcon from "~icons/lucide/crown";
import MailIcon from "~icons/lucide/mail";
import SendIcon from "~icons/lucide/send";
import UserMinusIcon from "~icons/lucide/user-minus";
import { TEAM_INVITATION_SECONDS } from "./constants";
import * as m from "./messages";
import { may, outranksOrOwns } from "./roles";
import type {
  changeRoleForm,
  inviteForm,
  removeMemberForm,
  resendInvitationForm,
  revokeInvitationForm,
  transferOwnershipForm,
} from "./team-forms";
import { OneButtonForm, RoleBadge, RoleSelect, TeamField } from "./team-parts";
import type { TeamDetails } from "./teams";

export function MembersCard({ team }: { team: TeamDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.members()}</CardTitle>
        <CardDescription>{m.membersDescription({ count: team.members.length })}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border" aria-label={m.members()}>
          {team.members.map((member) => (
            <MemberRow key={member.id} team={team} member={member} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberRow({ team, member }: { team: TeamDetails; member: TeamDetails["members"][number] }) {
  const changeRole = useDashboardForm<typeof changeRoleForm>("change-role", member.id);
  const remove = useDashboardForm<typeof removeMemberForm>("remove-member", member.id);
  const transfer = useDashboardForm<typeof transferOwnershipForm>("transfer-ownership", member.id);
  const refused = [changeRole, transfer, remove].find((form) => form.error);
  const me = member.id === team.myMemberId;
  const manageable = !me && outranksOrOwns(team.myRole, member.role);
  const memberField = <input type="hidden" name={changeRole.field("memberId")} value={member.id} />;
  return (
    <li className="grid gap-3 px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{member.name ?? member.email}</span>
            {me ? <span className="text-muted-foreground text-xs">{m.you()}</span> : null}
            <RoleBadge role={member.role} />
          </p>
          <p className="break-all text-muted-foreground text-xs">
            {rich(m.memberFacts({ email: member.email }), {
              time: () => <LocalTime value={member.since} />,
            })}
          </p>
        </div>
      </div>
      {manageable && (may(team.myRole, "changeRole") || may(team.myRole, "removeMember")) ? (
        <div className="flex flex-wrap items-end gap-2">
          {member.role !== "owner" && may(team.myRole, "changeRole") ? (
            <changeRole.Form method="post" className="flex items-end gap-2">
              {changeRole.intentField}
              <TeamField teamId={team.id} />
              {memberField}
              <RoleSelect label={m.roleOf({ email: member.email })} hideLabel defaultValue={member.role} />
              <SubmitButton
                busy={changeRole.busy}
                variant="outline"
                className="min-h-10"
                aria-label={m.labelAbout({ label: m.changeRole(), about: member.email })}
              >
                {m.changeRole()}
              </SubmitButton>
            </changeRole.Form>
          ) : null}
          {member.role !== "owner" && may(team.myRole, "transferOwnership") ? (
            <OneButtonForm
              form={transfer}
              teamId={team.id}
              fields={{ memberId: member.id }}
              label={m.makeOwner()}
              about={member.email}
              variant="outline"
              icon={CrownIcon}
              className="min-h-10"
            />
          ) : null}
          {may(team.myRole, "removeMember") ? (
            <OneButtonForm
              form={remove}
              teamId={team.id}
              fields={{ memberId: member.id }}
              label={m.remove()}
              about={member.email}
              variant="destructive-outline"
              icon={UserMinusIcon}
              className="min-h-10"
            />
          ) : null}
        </div>
      ) : null}
      <FormFeedback
        error={refused?.error ?? null}
        signInAgain={refused?.signInAgain}
        notice={changeRole.notice ?? transfer.notice ?? remove.notice}
      />
    </li>
  );
}

export function InviteCard({ team }: { team: TeamDetails }) {
  const invite = useDashboardForm<typeof inviteForm>("invite");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.inviteSomeone()}</CardTitle>
        <CardDescription>
          {m.inviteDescription({ days: Math.round(TEAM_INVITATION_SECONDS / 86_400) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <invite.Form method="post" ref={invite.formRef} className="grid gap-3" aria-label={m.inviteSomeone()}>
          {invite.intentField}
          <TeamField teamId={team.id} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <FormField
                label={m.emailAddress()}
                name={invite.field("email")}
                type="email"
                autoComplete="off"
                required
                maxLength={EMAIL_MAX_LENGTH}
                error={invite.fieldError("email")}
              />
            </div>
            <RoleSelect label={m.role()} />
            <SubmitButton busy={invite.busy} icon={SendIcon} className="min-h-10 sm:mt-[1.375rem]">
              {m.sendInvitation()}
            </SubmitButton>
          </div>
        </invite.Form>
        {/* Outside the form: "Sign in again" is a form of its own. */}
        <FormFeedback
          error={invite.fieldError("email") ? null : invite.error}
          signInAgain={invite.signInAgain}
          notice={invite.notice}
        />
      </CardContent>
    </Card>
  );
}

export function InvitationsCard({ team }: { team: TeamDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.waitingInvitations()}</CardTitle>
        <CardDescription>{m.waitingInvitationsDescription()}</CardDescription>
      </CardHeader>
      <CardContent>
        {team.invitations.length === 0 ? (
          <p className="text-muted-foreground text-sm">{m.noInvitationWaiting()}</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={m.waitingInvitations()}>
            {team.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} team={team} invitation={invitation} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** Who sent an invitation: their name and address, or the address alone. */
const invitedBy = ({ name, email }: TeamDetails["invitations"][number]["invitedBy"]) =>
  name ? `${name} (${email})` : email;

function InvitationRow({
  team,
  invitation,
}: {
  team: TeamDetails;
  invitation: TeamDetails["invitations"][number];
}) {
  const resend = useDashboardForm<typeof resendInvitationForm>("resend-invitation", invitation.id);
  const revoke = useDashboardForm<typeof revokeInvitationForm>("revoke-invitation", invitation.id);
  const refused = [resend, revoke].find((form) => form.error);
  return (
    <li className="grid gap-3 px-4 py-3 sm:flex sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <MailIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-all">{invitation.email}</span>
            <RoleBadge role={invitation.role} />
          </p>
          <p className="break-all text-muted-foreground text-xs">
            {m.sentBy({ sender: invitedBy(invitation.invitedBy) })}
          </p>
          <p className="text-muted-foreground text-xs">
            {rich(m.linkWorksUntil(), { time: () => <LocalTime value={invitation.expiresAt} /> })}
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <OneButtonForm
          form={resend}
          teamId={team.id}
          fields={{ invitationId: invitation.id }}
          label={m.sendAgain()}
          about={invitation.email}
          size="sm"
          variant="outline"
        />
        <OneButtonForm
          form={revoke}
          teamId={team.id}
          fields={{ invitationId: invitation.id }}
          label={m.revoke()}
          about={invitation.email}
          size="sm"
          variant="destructive-outline"
        />
      </div>
      <FormFeedback
        error={refused?.error ?? null}
        signInAgain={refused?.signInAgain}
        notice={resend.notice ?? revoke.notice}
      />
    </li>
  );
}
