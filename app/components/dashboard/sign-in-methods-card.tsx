import { FeatureSlot } from "~/components/feature-slot";
import * as m from "~/components/messages";
import { AccountUsername, PasswordField } from "~/components/password-field";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { FieldName } from "~/lib/action-form";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/constants";
import type { DashboardData } from "~/lib/dashboard";
import type { changePasswordForm, setPasswordForm } from "~/lib/dashboard-forms";
import { newPasswordHint } from "~/lib/password-hint";
import KeyRoundIcon from "~icons/lucide/key-round";
import { FormFeedback } from "./form-feedback";
import { MethodIcon } from "./method-icon";
import { SignInAgainButton } from "./sign-in-again";
import { useDashboardForm } from "./use-dashboard-form";

/**
 * The ways in besides passkeys: the password (set or change), then what the
 * listed features add (`FeatureUi.SignInMethods`: each provider, link or unlink).
 */
export function SignInMethodsCard({ data }: { data: DashboardData }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.signInMethodsTitle()}</CardTitle>
        <CardDescription>{m.signInMethodsDescription()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data.hasPassword ? <ChangePassword /> : <SetPassword />}
        <FeatureSlot name="SignInMethods" data={data} />
      </CardContent>
    </Card>
  );
}

/** The new password's field, by the name both password forms' actions read. */
function NewPasswordField({ error }: { error?: string }) {
  return (
    <PasswordField
      label={m.newPassword()}
      name={"newPassword" satisfies FieldName<typeof changePasswordForm> & FieldName<typeof setPasswordForm>}
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      error={error}
      hint={newPasswordHint()}
    />
  );
}

function ChangePassword() {
  const { Form, intentField, formRef, busy, error, field, fieldError, notice, signInAgain } =
    useDashboardForm<typeof changePasswordForm>("change-password");
  const hasFieldError = Boolean(fieldError("currentPassword") || fieldError("newPassword"));
  return (
    <div className="grid gap-4 rounded-lg border px-4 py-4">
      <div className="flex items-center gap-3">
        <MethodIcon icon={KeyRoundIcon} />
        <p className="text-sm">
          <span className="block font-medium">{m.passwordLabel()}</span>
          <span className="block text-muted-foreground text-xs">{m.changePasswordHint()}</span>
        </p>
      </div>
      <Form method="post" ref={formRef} className="grid gap-4 sm:max-w-md" aria-label={m.changePassword()}>
        {intentField}
        <AccountUsername />
        <PasswordField
          label={m.currentPassword()}
          name={field("currentPassword")}
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          error={fieldError("currentPassword")}
        />
        <NewPasswordField error={fieldError("newPassword")} />
        <FormFeedback error={hasFieldError ? null : error} notice={notice} />
        <SubmitButton busy={busy} variant="outline" className="justify-self-start">
          {m.changePassword()}
        </SubmitButton>
      </Form>
      {signInAgain ? <SignInAgainButton /> : null}
    </div>
  );
}

function SetPassword() {
  const { Form, intentField, formRef, busy, error, fieldError, notice, signInAgain } =
    useDashboardForm<typeof setPasswordForm>("set-password");
  return (
    <div className="grid gap-4 rounded-lg border px-4 py-4">
      <Form method="post" ref={formRef} className="grid gap-4">
        {intentField}
        <AccountUsername />
        <div className="flex items-center gap-3">
          <MethodIcon icon={KeyRoundIcon} />
          <p className="text-sm">
            <span className="block font-medium">{m.passwordLabel()}</span>
            <span className="block text-muted-foreground text-xs">{m.passwordNotSet()}</span>
          </p>
        </div>
        <NewPasswordField error={fieldError("newPassword")} />
        <FormFeedback error={fieldError("newPassword") ? null : error} notice={notice} />
        <SubmitButton busy={busy} variant="outline">
          {m.setPassword()}
        </SubmitButton>
      </Form>
      {signInAgain ? <SignInAgainButton /> : null}
    </div>
  );
}
