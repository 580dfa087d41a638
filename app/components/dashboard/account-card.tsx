import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { PersonNameField } from "~/components/person-name-field";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EMAIL_MAX_LENGTH } from "~/lib/constants";
import type { DashboardData } from "~/lib/dashboard";
import { FormFeedback } from "./form-feedback";
import { SignInAgainButton } from "./sign-in-again";
import { useDashboardForm } from "./use-dashboard-form";

/** Who this is: the name (editable), email address and when they joined. */
export function AccountCard({ user }: { user: DashboardData["user"] }) {
  const { Form, intentField, formRef, busy, error, fieldError, notice } = useDashboardForm("update-name");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
        <CardDescription>Your name is shown in the app; your email address signs you in.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Form method="post" ref={formRef} className="grid gap-3">
          {intentField}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div className="flex-1">
              <PersonNameField
                defaultValue={user.name}
                // A new key after each save puts the saved name back in the field.
                key={user.name}
                error={fieldError("name")}
              />
            </div>
            <SubmitButton busy={busy} variant="outline" className="sm:mt-[1.375rem]">
              Save name
            </SubmitButton>
          </div>
          <FormFeedback error={fieldError("name") ? null : error} notice={notice} />
        </Form>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="break-all font-medium">{user.email}</dd>
          </div>
          <div className="grid gap-1">
            <dt className="text-muted-foreground">Member since</dt>
            <dd className="font-medium">
              <LocalTime value={user.memberSince} style="date" />
            </dd>
          </div>
        </dl>
        <ChangeEmailForm verified={user.emailVerified} />
      </CardContent>
    </Card>
  );
}

/**
 * A new email address: a link goes to it, and the address changes only when
 * it is followed. Wants a recent sign-in ("Sign in again" otherwise).
 */
function ChangeEmailForm({ verified }: { verified: boolean }) {
  const { Form, intentField, formRef, busy, error, fieldError, notice, signInAgain } =
    useDashboardForm("change-email");
  if (!verified) return null; // Confirm the current address first (the banner above).
  return (
    <Form method="post" ref={formRef} className="grid gap-3 border-t pt-5" aria-label="Change email address">
      {intentField}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <FormField
            label="New email address"
            name="newEmail"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            hint="We send a link there; your address changes when you open it."
            error={fieldError("newEmail")}
          />
        </div>
        <SubmitButton busy={busy} variant="outline" className="sm:mt-[1.375rem]">
          Send link
        </SubmitButton>
      </div>
      <FormFeedback error={fieldError("newEmail") ? null : error} notice={notice} />
      {signInAgain ? <SignInAgainButton /> : null}
    </Form>
  );
}
