import type { z } from "zod";

/**
 * A dashboard form's contract, declared once in a plain module: the intent
 * its hidden field posts, and its fields (zod), which the action reads.
 * The server's action is made from it (`dashboardAction({ form, … })`); the
 * browser's form names it by type only (`useDashboardForm<typeof form>(intent)`,
 * so zod never reaches the page), and a wrong intent or a field the action
 * does not read fails the typecheck.
 */
export type ActionForm<Intent extends string = string, Fields extends z.ZodRawShape = z.ZodRawShape> = {
  readonly intent: Intent;
  readonly fields: Fields;
};

/** The names of a form's fields, as its inputs' `name`s. */
export type FieldName<Form extends ActionForm> = keyof Form["fields"] & string;

/**
 * Declares a dashboard form: `intent` names it (unique on its page), and
 * `fields` are what the action reads from its post ({} for a button).
 *
 * @example
 * export const renameWorkspace = actionForm("rename-workspace", { name: personName });
 */
export function actionForm<const Intent extends string, Fields extends z.ZodRawShape>(
  intent: Intent,
  fields: Fields,
): ActionForm<Intent, Fields> {
  return { intent, fields };
}
