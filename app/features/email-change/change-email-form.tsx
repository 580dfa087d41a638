import { FormFeedback } from "~/components/dashboard/form-feedback";
import { SignInAgainButton } from "~/components/dashboard/sign-in-again";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { EMAIL_MAX_LENGTH } from "~/lib/constants";
import type { DashboardUser } from "~/lib/dashboard";
import type { changeEmailForm } from "./email-change-forms";
import * as m from "./messages";

/**
 * The Account card's "Change email address" form: a link goes to the new
 * address, and the address changes only when it is followed. Wants a
 * recent sign-in ("Sign in again" otherwise).
 */
export function ChangeEmailForm({ user }: { user: DashboardUser }) {
  const { Form, intentField, formRef, busy, error, field, fieldError, notice, signInAgain } =
    useDashboardForm<typeof changeEmailForm>("change-email");
  if (!user.emailVerified) return null; // Confirm the current address first (the banner above).
  return (
    <Form method="post" ref={formRef} className="grid gap-3 border-t pt-5" aria-label={m.formLabel()}>
      {intentField}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <FormField
            label={m.newAddressLabel()}
            name={field("newEmail")}
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            hint={m.newAddressHint()}
            error={fieldError("newEmail")}
          />
        </div>
        <SubmitButton busy={busy} variant="outline" className="sm:mt-[1.375rem]">
          {m.sendLink()}
        </SubmitButton>
      </div>
      <FormFeedback error={fieldError("newEmail") ? null : error} notice={notice} />
      {signInAgain ? <SignInAgainButton /> : null}
    </Form>
  );
}
