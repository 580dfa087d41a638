/**
 * An account page's suspension card: suspend the account (a reason, an
 * optional end date), or lift its suspension. Plain form posts to the
 * account's page, which also work without JavaScript; an administrator's
 * account cannot be suspended, so its card only says so.
 */
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { type DashboardForm, useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { FormField } from "~/components/form-field";
import { LocalTime } from "~/components/local-time";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { rich } from "~/i18n/rich";
import type { ActionForm } from "~/lib/action-form";
import BanIcon from "~icons/lucide/ban";
import UnlockIcon from "~icons/lucide/lock-open";
import { AccountField, ReasonField } from "./account-form-fields";
import type { liftSuspensionForm, suspendForm } from "./admin-forms";
import * as m from "./messages";
import { firstEndDay, LIFT_SUSPENSION_INTENT, SUSPEND_INTENT } from "./suspension";

export type SuspensionCardProps = {
  account: {
    id: string;
    email: string;
    isAdmin: boolean;
    /** The suspension in force (an ended one is none); `until` an ISO date, null for no end. */
    suspension: { reason: string | null; until: string | null } | null;
  };
};

export function SuspensionCard({ account }: SuspensionCardProps) {
  const suspend = useDashboardForm<typeof suspendForm>(SUSPEND_INTENT, account.id);
  const lift = useDashboardForm<typeof liftSuspensionForm>(LIFT_SUSPENSION_INTENT, account.id);
  const { suspension } = account;
  const until = suspension?.until ?? null;
  const fieldErrors = Boolean(suspend.fieldError("reason") || suspend.fieldError("until"));
  return (
    <Card className={suspension ? "border-destructive/40" : undefined}>
      <CardHeader>
        <CardTitle>{m.suspension()}</CardTitle>
        <CardDescription>
          {account.isAdmin
            ? m.adminCannotBeSuspended()
            : suspension
              ? until
                ? rich(m.suspendedUntil(), { time: () => <LocalTime value={until} /> })
                : m.suspendedNoEnd()
              : m.suspendExplained()}
        </CardDescription>
      </CardHeader>
      {account.isAdmin ? null : (
        <CardContent className="grid gap-3">
          {suspension ? (
            <LiftForm form={lift} account={account} reason={suspension.reason} />
          ) : (
            <SuspendForm form={suspend} account={account} />
          )}
          <FormFeedback
            error={fieldErrors ? null : (suspend.error ?? lift.error)}
            notice={suspend.notice ?? lift.notice}
          />
        </CardContent>
      )}
    </Card>
  );
}

type FormProps<Form extends ActionForm> = {
  form: DashboardForm<Form>;
  account: SuspensionCardProps["account"];
};

function SuspendForm({ form, account }: FormProps<typeof suspendForm>) {
  return (
    <form.Form method="post" className="grid gap-3" aria-label={m.suspendFormLabel({ email: account.email })}>
      {form.intentField}
      <AccountField userId={account.id} />
      <ReasonField hint={m.suspendReasonHint()} error={form.fieldError("reason")} />
      <FormField
        label={m.endDate()}
        name={form.field("until")}
        type="date"
        min={firstEndDay()}
        hint={m.endDateHint()}
        error={form.fieldError("until")}
      />
      <SubmitButton busy={form.busy} variant="destructive" icon={BanIcon} className="justify-self-start">
        {m.suspendAccount()}
      </SubmitButton>
    </form.Form>
  );
}

function LiftForm({
  form,
  account,
  reason,
}: FormProps<typeof liftSuspensionForm> & { reason: string | null }) {
  return (
    <form.Form method="post" className="grid gap-3" aria-label={m.liftFormLabel({ email: account.email })}>
      {form.intentField}
      <AccountField userId={account.id} />
      {reason ? (
        <p className="text-sm">
          {rich(m.suspensionReason(), {
            label: (text) => <span className="font-medium">{text}</span>,
            // The administrator's own words, outside the message.
            reason: () => reason,
          })}
        </p>
      ) : null}
      <SubmitButton busy={form.busy} variant="outline" icon={UnlockIcon} className="justify-self-start">
        {m.liftSuspension()}
      </SubmitButton>
    </form.Form>
  );
}
