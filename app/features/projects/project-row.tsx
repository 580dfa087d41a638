/** One project on the projects page: its name and date, and what the person's role may do to it. */
import type { ComponentProps } from "react";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { type DashboardForm, useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { SubmitButton } from "~/components/submit-button";
import { roleAllowed, type TeamRole } from "~/features/teams/api";
import { rich } from "~/i18n/rich";
import ArchiveIcon from "~icons/lucide/archive";
import ArchiveRestoreIcon from "~icons/lucide/archive-restore";
import Trash2Icon from "~icons/lucide/trash-2";
import { PROJECT_NAME_MAX_LENGTH } from "./constants";
import * as m from "./messages";
import type {
  archiveProjectForm,
  deleteProjectForm,
  renameProjectForm,
  restoreProjectForm,
} from "./project-forms";
import type { Project } from "./projects";
import { PROJECT_RULES } from "./rights";

export function ProjectRow({ project, role }: { project: Project; role: TeamRole }) {
  const archived = project.archivedAt !== null;
  const rename = useDashboardForm<typeof renameProjectForm>("rename-project", project.id);
  const archive = useDashboardForm<typeof archiveProjectForm | typeof restoreProjectForm>(
    archived ? "restore-project" : "archive-project",
    project.id,
  );
  const remove = useDashboardForm<typeof deleteProjectForm>("delete-project", project.id);
  const mayDelete = archived && roleAllowed(PROJECT_RULES.delete.roles, role);
  return (
    <li className="grid gap-3 px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-48 text-sm">
          <p className="break-words font-medium">{project.name}</p>
          <p className="text-muted-foreground text-xs">
            {rich(archived ? m.archivedOn() : m.createdOn(), {
              date: () => <LocalTime value={project.archivedAt ?? project.createdAt} style="date" />,
            })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <RowButton
            form={archive}
            projectId={project.id}
            label={archived ? m.restore() : m.archive()}
            about={project.name}
            icon={archived ? ArchiveRestoreIcon : ArchiveIcon}
          />
          {mayDelete ? (
            <RowButton
              form={remove}
              projectId={project.id}
              label={m.deleteProject()}
              about={project.name}
              icon={Trash2Icon}
              variant="destructive"
            />
          ) : null}
        </div>
      </div>
      {archived ? null : (
        <details className="text-sm" open={rename.fieldError("name") ? true : undefined}>
          <summary className="w-fit cursor-pointer text-muted-foreground hover:text-foreground">
            {m.rename()}
          </summary>
          <rename.Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
            {rename.intentField}
            <input type="hidden" name={rename.field("projectId")} value={project.id} />
            <div className="flex-1">
              <FormField
                label={m.newNameFor({ project: project.name })}
                name={rename.field("name")}
                required
                maxLength={PROJECT_NAME_MAX_LENGTH}
                defaultValue={project.name}
                error={rename.fieldError("name")}
              />
            </div>
            <SubmitButton busy={rename.busy} variant="outline" className="sm:mt-[1.375rem]">
              {m.saveName()}
            </SubmitButton>
          </rename.Form>
        </details>
      )}
      <FormFeedback
        error={(rename.fieldError("name") ? null : rename.error) ?? archive.error ?? remove.error}
        notice={rename.notice ?? archive.notice ?? remove.notice}
        signInAgain={remove.signInAgain}
      />
    </li>
  );
}

/** A form that is one button about one project, named with it ("Archive: Apollo"). */
function RowButton({
  form,
  projectId,
  label,
  about,
  ...button
}: {
  form: DashboardForm<typeof archiveProjectForm | typeof deleteProjectForm>;
  projectId: string;
  label: string;
  about: string;
} & Pick<ComponentProps<typeof SubmitButton>, "variant" | "icon">) {
  return (
    <form.Form method="post">
      {form.intentField}
      <input type="hidden" name={form.field("projectId")} value={projectId} />
      <SubmitButton
        busy={form.busy}
        size="sm"
        variant="outline"
        aria-label={m.rowAction({ action: label, project: about })}
        {...button}
      >
        {label}
      </SubmitButton>
    </form.Form>
  );
}
