import { createElement, useEffect } from "react";
import { useActionData, useFetcher } from "react-router";
import { useFocusOnRefusal } from "~/components/use-focus-on-refusal";
import type { ActionForm, FieldName } from "~/lib/action-form";
import type { DashboardActionData } from "~/lib/dashboard-actions";
import { showToast } from "~/shell/toast";
import { IntentField } from "./intent-field";

/**
 * One dashboard form: its own fetcher (so each form has its own pending
 * state and answer, and the page keeps its scroll), a toast when it worked,
 * and the form cleared. Without JavaScript the form is a plain post and the
 * answer comes back as the page's action data; `result` reads both.
 * `target` tells rows apart (a session's or passkey's id, a provider).
 * The form renders `intentField`, so its intent is named once, here.
 *
 * `Form` is the action's form (`actionForm`), by type only (zod stays on
 * the server): `intent` must be its intent, and `field` / `fieldError` take
 * only its fields' names. Leaving it out leaves no intent that fits.
 */
export function useDashboardForm<Form extends ActionForm = never>(
  intent: Form["intent"],
  target: string | null = null,
) {
  const fetcher = useFetcher<DashboardActionData>();
  const pageAnswer = useActionData<DashboardActionData>();
  const fromPage = pageAnswer?.intent === intent && pageAnswer.target === target ? pageAnswer : undefined;
  const result = fetcher.data ?? fromPage;
  const formRef = useFocusOnRefusal(result && !result.ok ? result : null);

  useEffect(() => {
    if (!fetcher.data?.ok) return;
    void showToast(fetcher.data.message);
    formRef.current?.reset();
  }, [fetcher.data, formRef]);

  return {
    Form: fetcher.Form,
    /** The form's hidden `intent` field. */
    intentField: createElement(IntentField, { intent }),
    submit: fetcher.submit,
    formRef,
    busy: fetcher.state !== "idle",
    /** The refusal to show beside the form. */
    error: result && !result.ok ? result.message : null,
    /** The refusal asks for a fresh sign-in ("Sign in again"). */
    signInAgain: Boolean(result && !result.ok && result.signInAgain),
    /** An input's `name`: one of the fields the action reads. */
    field: (name: FieldName<Form>): string => name,
    /** Why the action refused this field's value. */
    fieldError: (name: FieldName<Form>) => (result && !result.ok ? result.fieldErrors?.[name] : undefined),
    /** Without JavaScript there is no toast: the success is said beside the form instead. */
    notice: fromPage?.ok ? fromPage.message : null,
    /** What the success shows once (`DashboardActionData.shownOnce`). */
    shownOnce: result?.ok ? result.shownOnce : undefined,
  };
}

/**
 * One dashboard form, as `useDashboardForm` gives it: handed to the card
 * that draws it. Without `Form`, any form fits, and names none of its fields.
 */
export type DashboardForm<Form extends ActionForm = ActionForm<string, Record<never, never>>> = ReturnType<
  typeof useDashboardForm<Form>
>;
