/** What the projects' card and page share: the new-project form, the note without an active team. */
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { FormField } from "~/components/form-field";
import { PreloadLink } from "~/components/preload-link";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { TEAMS_PATH } from "~/features/teams/api";
import FolderKanbanIcon from "~icons/lucide/folder-kanban";
import PlusIcon from "~icons/lucide/plus";
import { PROJECT_NAME_MAX_LENGTH } from "./constants";
import * as m from "./messages";
import type { createProjectForm } from "./project-forms";

/** "New project": a name, in the active team. */
export function CreateProjectForm() {
  const create = useDashboardForm<typeof createProjectForm>("create-project");
  return (
    <create.Form method="post" ref={create.formRef} className="grid gap-3" aria-label={m.newProject()}>
      {create.intentField}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <FormField
            label={m.projectName()}
            name={create.field("name")}
            required
            maxLength={PROJECT_NAME_MAX_LENGTH}
            error={create.fieldError("name")}
          />
        </div>
        <SubmitButton busy={create.busy} icon={PlusIcon} className="sm:mt-[1.375rem]">
          {m.createProject()}
        </SubmitButton>
      </div>
      <FormFeedback error={create.fieldError("name") ? null : create.error} notice={create.notice} />
    </create.Form>
  );
}

/** Without an active team there are no projects to show: where to choose one. */
export function NoActiveTeam() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
      <FolderKanbanIcon className="size-8 text-muted-foreground" />
      <p className="font-medium text-sm">{m.noActiveTeam()}</p>
      <p className="text-muted-foreground text-sm">{m.noActiveTeamHint()}</p>
      <Button asChild variant="outline" className="mt-2">
        <PreloadLink to={TEAMS_PATH}>{m.goToTeams()}</PreloadLink>
      </Button>
    </div>
  );
}
