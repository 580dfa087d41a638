/**
 * `/dashboard/teams/:teamId`: one team, for its members only (anyone else,
 * and a member removed since, gets a `404` at their next request). What
 * each sees follows their role (./roles.ts): members see the team and may
 * leave; admins invite, revoke, remove and change roles below owner;
 * owners also rename, hand over ownership and delete. The server checks
 * every post again.
 */
import { data, type ShouldRevalidateFunction } from "react-router";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EMAIL_MAX_LENGTH } from "~/lib/constants";
import { dataHeaders } from "~/lib/route-headers";
import { getServices } from "~/server/context.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { requireUser } from "~/server/session/guards.server";
import CheckIcon from "~icons/lucide/check";
import CrownIcon from "~icons/lucide/crown";
import LogOutIcon from "~icons/lucide/log-out";
import MailIcon from "~icons/lucide/mail";
import SendIcon from "~icons/lucide/send";
import Trash2Icon from "~icons/lucide/trash-2";
import UserMinusIcon from "~icons/lucide/user-minus";
import type { Route } from "./+types/team-page";
import { TEAM_NAME_MAX_LENGTH, TEAMS_PATH } from "./constants";
import { may, outranksOrOwns } from "./roles";
import { activeOrganizationIdOf } from "./team-action-kit.server";
import { TEAM_ACTIONS } from "./team-actions.server";
import { ActiveBadge, OneButtonForm, RoleBadge, RoleSelect, TeamField, TeamsPageFrame } from "./team-parts";
import type { TeamDetails } from "./teams";
import { teamDetails } from "./teams.server";

export const handle = { title: "Team", description: "A team's members, invitations and settings." };

export const headers = dataHeaders;

export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined || defaultShouldRevalidate;

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.team.name }] : [];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const { user, session } = requireUser(context);
  const team = await teamDetails(db, user.id, params.teamId, activeOrganizationIdOf(session));
  if (!team) {
    throw data("This team does not exist, or you are not a member of it.", {
      status: 404,
      statusText: "Not Found",
    });
  }
  return { team };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runDashboardAction(TEAM_ACTIONS, getServices(context), request, requireUser(context));
}

export default function TeamPage({ loaderData: { team } }: Route.ComponentProps) {
  const makeActive = useDashboardForm("switch-team", team.id);
  return (
    <TeamsPageFrame
      back={{ to: TEAMS_PATH, label: "Teams" }}
      title={team.name}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          You are <RoleBadge role={team.myRole} />
          {team.active ? <ActiveBadge /> : null}
        </span>
      }
      aside={
        team.active ? null : (
          <OneButtonForm
            form={makeActive}
            teamId={team.id}
            label="Make active"
            variant="outline"
            icon={CheckIcon}
          />
        )
      }
    >
      <MembersCard team={team} />
      {may(team.myRole, "invite") ? <InviteCard team={team} /> : null}
      {may(team.myRole, "invite") ? <InvitationsCard team={team} /> : null}
      {may(team.myRole, "rename") ? <RenameCard team={team} /> : null}
      <LeaveCard team={team} />
      {may(team.myRole, "deleteTeam") ? <DeleteTeamCard team={team} /> : null}
    </TeamsPageFrame>
  );
}

function MembersCard({ team }: { team: TeamDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members</CardTitle>
        <CardDescription>
          {team.members.length === 1 ? "1 member" : `${team.members.length} members`}. Owners can do
          everything; admins invite and manage members; members see the team.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border" aria-label="Members">
          {team.members.map((member) => (
            <MemberRow key={member.id} team={team} member={member} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberRow({ team, member }: { team: TeamDetails; member: TeamDetails["members"][number] }) {
  const changeRole = useDashboardForm("change-role", member.id);
  const remove = useDashboardForm("remove-member", member.id);
  const transfer = useDashboardForm("transfer-ownership", member.id);
  const me = member.id === team.myMemberId;
  const manageable = !me && outranksOrOwns(team.myRole, member.role);
  const memberField = <input type="hidden" name="memberId" value={member.id} />;
  const about = (verb: string) => `${verb}: ${member.email}`;
  return (
    <li className="grid gap-3 px-4 py-3">
      <div className="flex flex-wrap items-center gap-3">
        <div className="min-w-0 flex-1 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-words">{member.name}</span>
            {me ? <span className="text-muted-foreground text-xs">(you)</span> : null}
            <RoleBadge role={member.role} />
          </p>
          <p className="break-all text-muted-foreground text-xs">
            {member.email} · Since <LocalTime value={member.since} />
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
              <RoleSelect label={`Role of ${member.email}`} hideLabel defaultValue={member.role} />
              <SubmitButton
                busy={changeRole.busy}
                variant="outline"
                className="h-10"
                aria-label={about("Change role")}
              >
                Change role
              </SubmitButton>
            </changeRole.Form>
          ) : null}
          {member.role !== "owner" && may(team.myRole, "transferOwnership") ? (
            <OneButtonForm
              form={transfer}
              teamId={team.id}
              fields={{ memberId: member.id }}
              label="Make owner"
              about={member.email}
              variant="outline"
              icon={CrownIcon}
              className="h-10"
            />
          ) : null}
          {may(team.myRole, "removeMember") ? (
            <OneButtonForm
              form={remove}
              teamId={team.id}
              fields={{ memberId: member.id }}
              label="Remove"
              about={member.email}
              variant="destructive-outline"
              icon={UserMinusIcon}
              className="h-10"
            />
          ) : null}
        </div>
      ) : null}
      <FormFeedback
        error={changeRole.error ?? transfer.error ?? remove.error}
        notice={changeRole.notice ?? transfer.notice ?? remove.notice}
      />
    </li>
  );
}

function InviteCard({ team }: { team: TeamDetails }) {
  const invite = useDashboardForm("invite");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite someone</CardTitle>
        <CardDescription>
          We mail them a link that works once, for 7 days. They join with an account of that address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <invite.Form method="post" ref={invite.formRef} className="grid gap-3" aria-label="Invite someone">
          {invite.intentField}
          <TeamField teamId={team.id} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <FormField
                label="Email address"
                name="email"
                type="email"
                autoComplete="off"
                required
                maxLength={EMAIL_MAX_LENGTH}
                error={invite.fieldError("email")}
              />
            </div>
            <RoleSelect label="Role" />
            <SubmitButton busy={invite.busy} icon={SendIcon} className="h-10 sm:mt-[1.375rem]">
              Send invitation
            </SubmitButton>
          </div>
          <FormFeedback error={invite.fieldError("email") ? null : invite.error} notice={invite.notice} />
        </invite.Form>
      </CardContent>
    </Card>
  );
}

function InvitationsCard({ team }: { team: TeamDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Waiting invitations</CardTitle>
        <CardDescription>
          Revoke one and its link stops working; send one again for another week.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {team.invitations.length === 0 ? (
          <p className="text-muted-foreground text-sm">No invitation is waiting for an answer.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Waiting invitations">
            {team.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} team={team} invitation={invitation} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function InvitationRow({
  team,
  invitation,
}: {
  team: TeamDetails;
  invitation: TeamDetails["invitations"][number];
}) {
  const resend = useDashboardForm("resend-invitation", invitation.id);
  const revoke = useDashboardForm("revoke-invitation", invitation.id);
  return (
    <li className="grid gap-3 px-4 py-3 sm:flex sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <MailIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="break-all">{invitation.email}</span>
            <RoleBadge role={invitation.role} />
          </p>
          <p className="text-muted-foreground text-xs">
            Link works until <LocalTime value={invitation.expiresAt} />
          </p>
        </div>
      </div>
      <div className="flex gap-2">
        <OneButtonForm
          form={resend}
          teamId={team.id}
          fields={{ invitationId: invitation.id }}
          label="Send again"
          about={invitation.email}
          size="sm"
          variant="outline"
        />
        <OneButtonForm
          form={revoke}
          teamId={team.id}
          fields={{ invitationId: invitation.id }}
          label="Revoke"
          about={invitation.email}
          size="sm"
          variant="destructive-outline"
        />
      </div>
      <FormFeedback error={resend.error ?? revoke.error} notice={resend.notice ?? revoke.notice} />
    </li>
  );
}

function RenameCard({ team }: { team: TeamDetails }) {
  const rename = useDashboardForm("rename-team");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Team name</CardTitle>
        <CardDescription>Members see it, and invitations carry it.</CardDescription>
      </CardHeader>
      <CardContent>
        <rename.Form method="post" className="grid gap-3" aria-label="Rename the team">
          {rename.intentField}
          <TeamField teamId={team.id} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <FormField
                label="Team name"
                name="name"
                required
                maxLength={TEAM_NAME_MAX_LENGTH}
                defaultValue={team.name}
                error={rename.fieldError("name")}
              />
            </div>
            <SubmitButton busy={rename.busy} variant="outline" className="sm:mt-[1.375rem]">
              Rename
            </SubmitButton>
          </div>
          <FormFeedback error={rename.fieldError("name") ? null : rename.error} notice={rename.notice} />
        </rename.Form>
      </CardContent>
    </Card>
  );
}

function LeaveCard({ team }: { team: TeamDetails }) {
  const leave = useDashboardForm("leave-team");
  const lastOwner = team.myRole === "owner" && team.owners <= 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Leave the team</CardTitle>
        <CardDescription>
          {lastOwner
            ? "You are its only owner: make another member owner first, or delete the team."
            : "You lose access to the team at once. To come back, someone has to invite you again."}
        </CardDescription>
      </CardHeader>
      {lastOwner ? null : (
        <CardContent className="grid gap-3">
          <OneButtonForm
            form={leave}
            teamId={team.id}
            label={`Leave “${team.name}”`}
            variant="destructive-outline"
            icon={LogOutIcon}
          />
          <FormFeedback error={leave.error} />
        </CardContent>
      )}
    </Card>
  );
}

function DeleteTeamCard({ team }: { team: TeamDetails }) {
  const remove = useDashboardForm("delete-team");
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Delete the team</CardTitle>
        <CardDescription>
          Its members lose it at once, and its waiting invitations stop working. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <remove.Form method="post" className="grid gap-3" aria-label="Delete the team">
          {remove.intentField}
          <TeamField teamId={team.id} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <FormField
                label={`Type “${team.name}” to confirm`}
                name="confirm"
                required
                autoComplete="off"
                error={remove.fieldError("confirm")}
              />
            </div>
            <SubmitButton
              busy={remove.busy}
              variant="destructive"
              icon={Trash2Icon}
              className="sm:mt-[1.375rem]"
            >
              Delete team
            </SubmitButton>
          </div>
          <FormFeedback error={remove.fieldError("confirm") ? null : remove.error} />
        </remove.Form>
      </CardContent>
    </Card>
  );
}
