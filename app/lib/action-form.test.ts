import { expect, expectTypeOf, test } from "vitest";
import type { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import type { dashboardAction } from "~/server/dashboard/dashboard-action.server";
import { actionForm, type FieldName } from "./action-form";
import { personName, text } from "./fields";

const renameProject = actionForm("rename-project", { projectId: text, name: personName });

// Both halves by type only: these calls are checked by the typecheck, never run.
declare const useForm: typeof useDashboardForm;
declare const serverAction: typeof dashboardAction;
const POLICY = {
  effect: "own",
  proof: "session",
  limits: [],
  activity: [],
  whileImpersonating: "refused",
} as const;

test("a form names its action's intent and fields; anything else fails the typecheck", () => {
  expect(renameProject).toEqual({ intent: "rename-project", fields: { projectId: text, name: personName } });
  expectTypeOf(renameProject.intent).toEqualTypeOf<"rename-project">();
  expectTypeOf<FieldName<typeof renameProject>>().toEqualTypeOf<"projectId" | "name">();

  function useBrowserForm() {
    const form = useForm<typeof renameProject>("rename-project", "p1");
    form.field("name");
    form.fieldError("projectId");
    // @ts-expect-error: an intent the action does not answer to.
    useForm<typeof renameProject>("rename-projects");
    // @ts-expect-error: a field the action does not read.
    form.field("title");
    // @ts-expect-error: nor its error.
    form.fieldError("title");
    // @ts-expect-error: a form that names no action's form posts no intent at all.
    useForm("rename-project");
  }

  function serverHalf() {
    serverAction({
      form: renameProject,
      policy: POLICY,
      target: "projectId",
      async run({ form }) {
        expectTypeOf(form.name).toEqualTypeOf<string>();
        // @ts-expect-error: the action reads only the form's fields.
        form.title;
        return { ok: true, message: "Renamed." };
      },
    });
    serverAction({
      form: renameProject,
      policy: POLICY,
      // @ts-expect-error: its row's field is one of the form's.
      target: "teamId",
      run: async () => ({ ok: true, message: "" }),
    });
  }
  expect([useBrowserForm, serverHalf]).toHaveLength(2);
});
