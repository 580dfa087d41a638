/**
 * An account's page, what the administrator does on it: sign the person
 * out everywhere, and give or take the administrator's role. Each is a
 * plain form post with the reason the trail keeps (it works without
 * JavaScript); the server checks every rule again
 * (./account-actions.server.ts), these only leave out what it would refuse.
 */
import type { ComponentProps } from "react";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import LogOutIcon from "~icons/lucide/log-out";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import ShieldOffIcon from "~icons/lucide/shield-off";
import { AccountField, ReasonField } from "./account-form-fields";
import { ACCOUNT_RULES } from "./account-rules";
import type { AccountDetails } from "./accounts";
import type { ReasonFormOf } from "./admin-forms";
import * as m from "./messages";

type Account = AccountDetails["account"];

/**
 * One action on the account: its reason (required, kept in the trail) and
 * its button, the account in a hidden field; its answer below it.
 */
function ReasonForm({
  intent,
  account,
  label,
  ...button
}: {
  intent: ReasonFormOf["intent"];
  account: Account;
  label: string;
} & Pick<ComponentProps<typeof SubmitButton>, "variant" | "icon">) {
  const form = useDashboardForm<ReasonFormOf<typeof intent>>(intent, account.id);
  const reasonError = form.fieldError("reason");
  return (
    <div className="grid gap-3">
      <form.Form
        method="post"
        ref={form.formRef}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        aria-label={label}
      >
        {form.intentField}
        <AccountField userId={account.id} />
        <div className="flex-1">
          <ReasonField hint={m.keptInAuditTrail()} error={reasonError} />
        </div>
        <SubmitButton busy={form.busy} className="min-h-10 sm:mt-[1.375rem]" {...button}>
          {label}
        </SubmitButton>
      </form.Form>
      <FormFeedback
        error={reasonError ? null : form.error}
        signInAgain={form.signInAgain}
        notice={form.notice}
      />
    </div>
  );
}

/** Below the account's sessions: end them all (not on one's own account: the dashboard does that). */
export function SignOutEverywhereForm({ account }: { account: Account }) {
  if (account.isYou) {
    return <p className="text-muted-foreground text-sm">{m.ownAccountSignOut()}</p>;
  }
  return (
    <div className="grid gap-3 border-t pt-4">
      <p className="text-muted-foreground text-sm">{m.signOutEverywhereExplained()}</p>
      <ReasonForm
        intent="sign-out-everywhere"
        account={account}
        label={m.signOutEverywhere()}
        variant="destructive-outline"
        icon={LogOutIcon}
      />
    </div>
  );
}

/** Why the role cannot change from here, when it cannot. */
function roleLockedBecause(account: Account): string | null {
  if (account.listed) return ACCOUNT_RULES.listed;
  if (account.isYou) return m.cannotRemoveYourself();
  if (account.isAdmin) return null;
  if (!account.emailVerified) return ACCOUNT_RULES.unverified;
  if (account.suspension) return ACCOUNT_RULES.suspended;
  return null;
}

export function AdministratorCard({ account }: { account: Account }) {
  const locked = roleLockedBecause(account);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.administrator()}</CardTitle>
        <CardDescription>
          {account.isAdmin ? m.administratorCardIsAdmin() : m.administratorCardNotAdmin()}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {locked ? (
          <p className="text-muted-foreground text-sm">{locked}</p>
        ) : account.isAdmin ? (
          <ReasonForm
            intent="remove-admin"
            account={account}
            label={m.removeAdministrator()}
            variant="destructive-outline"
            icon={ShieldOffIcon}
          />
        ) : (
          <ReasonForm
            intent="make-admin"
            account={account}
            label={m.makeAdministrator()}
            variant="outline"
            icon={ShieldCheckIcon}
          />
        )}
      </CardContent>
    </Card>
  );
}
