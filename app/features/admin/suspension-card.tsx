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
import type { ActionForm } from "~/lib/action-form";
import BanIcon from "~icons/lucide/ban";
import UnlockIcon from "~icons/lucide/lock-open";
import { AccountField, ReasonField } from "./account-form-fields";
import type { liftSuspensionForm, suspendForm } from "./admin-forms";
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
  const fieldErrors = Boolean(suspend.fieldError("reason") || suspend.fieldError("until"));
  return (
    <Card className={suspension ? "border-destructive/40" : undefined}>
      <CardHeader>
        <CardTitle>Suspension</CardTitle>
        <CardDescription>
          {account.isAdmin ? (
            "An administrator cannot be suspended."
          ) : suspension ? (
            <>
              Suspended{" "}
              {suspension.until ? (
                <>
                  until <LocalTime value={suspension.until} />
                </>
              ) : (
                "with no end date"
              )}
              . Every way in answers that the account is suspended.
            </>
          ) : (
            "Suspending signs the account out everywhere at once, and refuses every way in until it ends or is lifted. The person is mailed, without the reason."
          )}
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
    <form.Form method="post" className="grid gap-3" aria-label={`Suspend ${account.email}`}>
      {form.intentField}
      <AccountField userId={account.id} />
      <ReasonField
        hint="Kept in the trail for administrators; the person is not told."
        error={form.fieldError("reason")}
      />
      <FormField
        label="End date (optional)"
        name={form.field("until")}
        type="date"
        min={firstEndDay()}
        hint="The suspension ends as this day starts (UTC). Leave it empty to suspend until lifted."
        error={form.fieldError("until")}
      />
      <SubmitButton busy={form.busy} variant="destructive" icon={BanIcon} className="justify-self-start">
        Suspend account
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
    <form.Form method="post" className="grid gap-3" aria-label={`Lift the suspension of ${account.email}`}>
      {form.intentField}
      <AccountField userId={account.id} />
      {reason ? (
        <p className="text-sm">
          <span className="font-medium">Reason:</span> {reason}
        </p>
      ) : null}
      <SubmitButton busy={form.busy} variant="outline" icon={UnlockIcon} className="justify-self-start">
        Lift the suspension
      </SubmitButton>
    </form.Form>
  );
}
