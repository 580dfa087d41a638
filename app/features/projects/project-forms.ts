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

/** Every member of the team reads it: the rule of text one person types and another receives. */
const projectName = shownText(PROJECT_NAME_MAX_LENGTH, "Name your project.");
const projectId = z.string({ error: "Reload the page and try again." }).min(1).max(100);

export const createProjectForm = actionForm("create-project", { name: projectName });
export const renameProjectForm = actionForm("rename-project", { projectId, name: projectName });
export const archiveProjectForm = actionForm("archive-project", { projectId });
export const restoreProjectForm = actionForm("restore-project", { projectId });
export const deleteProjectForm = actionForm("delete-project", { projectId });
