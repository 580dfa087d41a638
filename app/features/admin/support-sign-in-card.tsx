/**
 * An account's console card "Sign in as {name}", for support: a typed
 * reason and the button, posted to the account page's action
 * (./support-sign-in.server.ts). Without JavaScript it is a plain form
 * post; with it, a refusal shows in place and a start loads the whole
 * page again as the person. Says what it lasts and what stays locked; an
 * administrator's or a suspended account's card says why it cannot.
 */
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import LifeBuoyIcon from "~icons/lucide/life-buoy";
import { AccountField, ReasonField } from "./account-form-fields";
import type { supportSignInForm } from "./admin-forms";
import * as m from "./messages";

export type SupportSignInCardProps = {
  account: { id: string; name: string; email: string; isAdmin: boolean; suspended: boolean };
};

/** Why this account cannot be signed in as, or null when it can. */
function blockedBecause({ isAdmin, suspended }: SupportSignInCardProps["account"]): string | null {
  if (isAdmin) return m.supportRefusedForAdmin();
  if (suspended) return m.supportRefusedForSuspended();
  return null;
}

export function SupportSignInCard({ account }: SupportSignInCardProps) {
  const form = useDashboardForm<typeof supportSignInForm>("support-sign-in", account.id);
  const blocked = blockedBecause(account);
  const reasonError = form.fieldError("reason");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.signInAsThisPerson()}</CardTitle>
        <CardDescription>{m.signInAsExplained({ locked: m.lockedWhileSupporting() })}</CardDescription>
      </CardHeader>
      <CardContent>
        {blocked ? (
          <p className="text-muted-foreground text-sm">{blocked}</p>
        ) : (
          <form.Form
            method="post"
            ref={form.formRef}
            className="grid gap-3"
            aria-label={m.signInAs({ name: account.name })}
          >
            {form.intentField}
            <AccountField userId={account.id} />
            <ReasonField hint={m.supportReasonHint()} error={reasonError} />
            <SubmitButton
              busy={form.busy}
              variant="outline"
              icon={LifeBuoyIcon}
              className="max-w-full justify-self-start"
            >
              <span className="min-w-0">{m.signInAs({ name: account.name })}</span>
            </SubmitButton>
            <FormFeedback error={reasonError ? null : form.error} signInAgain={form.signInAgain} />
          </form.Form>
        )}
      </CardContent>
    </Card>
  );
}
