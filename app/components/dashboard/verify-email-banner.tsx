import * as m from "~/components/messages";
import { SubmitButton } from "~/components/submit-button";
import { rich } from "~/i18n/rich";
import type { resendVerificationForm } from "~/lib/dashboard-forms";
import MailWarningIcon from "~icons/lucide/mail-warning";
import { FormFeedback } from "./form-feedback";
import { useDashboardForm } from "./use-dashboard-form";

/**
 * Shown until the person follows the link of the verification mail: what
 * is missing, and "Resend" for a fresh link (rate limited on the server).
 */
export function VerifyEmailBanner({ email }: { email: string }) {
  const { Form, intentField, busy, error, notice } =
    useDashboardForm<typeof resendVerificationForm>("resend-verification");
  return (
    <section
      aria-labelledby="verify-email-title"
      className="mt-6 flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center dark:bg-amber-500/10 dark:text-amber-100"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3 text-sm">
        <MailWarningIcon className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <h2 id="verify-email-title" className="font-semibold">
            {m.verifyEmailTitle()}
          </h2>
          <p className="break-words">
            {rich(m.verifyEmailText({ email }), { strong: () => <strong>{email}</strong> })}
          </p>
          <FormFeedback error={error} notice={notice} />
        </div>
      </div>
      <Form method="post" className="shrink-0 ps-8 sm:ps-0">
        {intentField}
        <SubmitButton busy={busy} variant="outline" size="sm">
          {m.resend()}
        </SubmitButton>
      </Form>
    </section>
  );
}
