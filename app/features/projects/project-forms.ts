/**
 * The projects' forms, each its intent and the fields its action reads:
 * the server's actions are made from these (./project-actions.server.ts),
 * and the card and page name them by type, so a wrong intent or field fails
 * the typecheck.
 */
import { z } from "zod";
import { actionForm } from "~/lib/action-form";
import { shownText } from "~/lib/shown-text";
import { PROJECT_NAME_MAX_LENGTH } from "./constants";
import * as m from "./messages";

/**
 * Every member of the team reads it: the rule of text one person types and another receives.
 * The rule is made at each parse, so that its message speaks the request's language.
 */
const projectName = z.unknown().transform((value, context) => {
  const parsed = shownText(PROJECT_NAME_MAX_LENGTH, m.nameMissing()).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) context.addIssue({ code: "custom", message: issue.message });
  return z.NEVER;
});
const projectId = z
  .string({ error: () => m.reloadAndTryAgain() })
  .min(1)
  .max(100);

export const createProjectForm = actionForm("create-project", { name: projectName });
export const renameProjectForm = actionForm("rename-project", { projectId, name: projectName });
export const archiveProjectForm = actionForm("archive-project", { projectId });
export const restoreProjectForm = actionForm("restore-project", { projectId });
export const deleteProjectForm = actionForm("delete-project", { projectId });
