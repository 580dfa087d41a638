/** A team page's cards about the team itself: its name, leaving it, deleting it. */
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import LogOutIcon from "~icons/lucide/log-out";
import Trash2Icon from "~icons/lucide/trash-2";
import { TEAM_NAME_MAX_LENGTH } from "./constants";
import * as m from "./messages";
import type { deleteTeamForm, leaveTeamForm, renameTeamForm } from "./team-forms";
import { OneButtonForm, TeamField } from "./team-parts";
import type { TeamDetails } from "./teams";

export function RenameCard({ team }: { team: TeamDetails }) {
  const rename = useDashboardForm<typeof renameTeamForm>("rename-team");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.teamName()}</CardTitle>
        <CardDescription>{m.teamNameDescription()}</CardDescription>
      </CardHeader>
      <CardContent>
        <rename.Form method="post" className="grid gap-3" aria-label={m.renameTheTeam()}>
          {rename.intentField}
          <TeamField teamId={team.id} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <FormField
                label={m.teamName()}
                name={rename.field("name")}
                required
                maxLength={TEAM_NAME_MAX_LENGTH}
                defaultValue={team.name}
                error={rename.fieldError("name")}
              />
            </div>
            <SubmitButton busy={rename.busy} variant="outline" className="sm:mt-[1.375rem]">
              {m.rename()}
            </SubmitButton>
          </div>
          <FormFeedback error={rename.fieldError("name") ? null : rename.error} notice={rename.notice} />
        </rename.Form>
      </CardContent>
    </Card>
  );
}

export function LeaveCard({ team }: { team: TeamDetails }) {
  const leave = useDashboardForm<typeof leaveTeamForm>("leave-team");
  const lastOwner = team.myRole === "owner" && team.owners <= 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.leaveTheTeam()}</CardTitle>
        <CardDescription>{lastOwner ? m.leaveOnlyOwner() : m.leaveDescription()}</CardDescription>
      </CardHeader>
      {lastOwner ? null : (
        <CardContent className="grid gap-3">
          <OneButtonForm
            form={leave}
            teamId={team.id}
            label={m.leaveTeamNamed({ team: team.name })}
            variant="destructive-outline"
            icon={LogOutIcon}
          />
          <FormFeedback error={leave.error} signInAgain={leave.signInAgain} />
        </CardContent>
      )}
    </Card>
  );
}

export function DeleteTeamCard({ team }: { team: TeamDetails }) {
  const remove = useDashboardForm<typeof deleteTeamForm>("delete-team");
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>{m.deleteTheTeam()}</CardTitle>
        <CardDescription>{m.deleteTeamDescription()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <remove.Form method="post" className="grid gap-3" aria-label={m.deleteTheTeam()}>
          {remove.intentField}
          <TeamField teamId={team.id} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <FormField
                label={m.typeNameToConfirm({ team: team.name })}
                name={remove.field("confirm")}
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
              {m.deleteTeam()}
            </SubmitButton>
          </div>
        </remove.Form>
        {/* Outside the form: "Sign in again" is a form of its own. */}
        <FormFeedback
          error={remove.fieldError("confirm") ? null : remove.error}
          signInAgain={remove.signInAgain}
        />
      </CardContent>
    </Card>
  );
}
