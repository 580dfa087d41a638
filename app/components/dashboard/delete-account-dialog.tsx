import type { FormEvent, ReactElement } from "react";
import * as m from "~/components/messages";
import { AccountUsername, PasswordField } from "~/components/password-field";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogShell } from "~/components/ui/dialog-shell";
import { PASSWORD_MAX_LENGTH, SESSION_FRESH_AGE_SECONDS } from "~/lib/constants";
import type { deleteAccountForm } from "~/lib/dashboard-forms";
import { showToast } from "~/shell/toast";
import Trash2Icon from "~icons/lucide/trash-2";
import { FormFeedback } from "./form-feedback";
import { SignInAgainButton } from "./sign-in-again";
import { useDashboardForm } from "./use-dashboard-form";

export type DeleteAccountProps = { hasPassword: boolean; freshUntil: string };

const FRESH_MINUTES = Math.round(SESSION_FRESH_AGE_SECONDS / 60);

/**
 * The confirmation before an account is deleted, loaded on first use
 * (see `delete-account-card.tsx`): the password, or for an account without
 * one, a sign-in from the last few minutes. On success the server signs
 * out and sends the page to `/`, where a toast says it is done.
 */
export default function DeleteAccountDialog({
  hasPassword,
  freshUntil,
  trigger,
}: DeleteAccountProps & { trigger: ReactElement }) {
  const { submit, intentField, formRef, busy, error, field, fieldError, signInAgain } =
    useDashboardForm<typeof deleteAccountForm>("delete-account");
  const fresh = Date.now() < new Date(freshUntil).getTime();
  const canDelete = hasPassword || fresh;

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(event.currentTarget, { method: "post" });
    // The action answered with a redirect home: the account is gone.
    if (window.location.pathname === "/") void showToast(m.accountDeleted());
  }

  return (
    <DialogShell trigger={trigger} title={m.deleteDialogTitle()} description={m.deleteDialogDescription()}>
      {canDelete ? (
        <form method="post" ref={formRef} className="grid gap-4" onSubmit={confirm}>
          {intentField}
          {hasPassword ? <AccountUsername /> : null}
          {hasPassword ? (
            <PasswordField
              label={m.yourPassword()}
              name={field("password")}
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
              error={fieldError("password")}
            />
          ) : (
            <p className="text-sm">{m.signedInRecently({ minutes: FRESH_MINUTES })}</p>
          )}
          <FormFeedback error={fieldError("password") ? null : error} />
          {signInAgain ? <SignInAgainButton /> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <CancelButton />
            <SubmitButton busy={busy} variant="destructive" icon={Trash2Icon}>
              {m.deleteMyAccount()}
            </SubmitButton>
          </div>
        </form>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm">{m.noPasswordSignInAgain({ minutes: FRESH_MINUTES })}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <CancelButton />
            <SignInAgainButton size="default" />
          </div>
        </div>
      )}
    </DialogShell>
  );
}

function CancelButton() {
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline">
        {m.cancel()}
      </Button>
    </DialogClose>
  );
}
