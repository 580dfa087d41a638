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
import {
  LOCKED_WHILE_SUPPORTING,
  SUPPORT_REFUSED_FOR_ADMIN,
  SUPPORT_REFUSED_FOR_SUSPENDED,
} from "./constants";

export type SupportSignInCardProps = {
  account: { id: string; name: string; email: string; isAdmin: boolean; suspended: boolean };
};

/** Why this account cannot be signed in as, or null when it can. */
function blockedBecause({ isAdmin, suspended }: SupportSignInCardProps["account"]): string | null {
  if (isAdmin) return SUPPORT_REFUSED_FOR_ADMIN;
  if (suspended) return SUPPORT_REFUSED_FOR_SUSPENDED;
  return null;
}

export function SupportSignInCard({ account }: SupportSignInCardProps) {
  const form = useDashboardForm<typeof supportSignInForm>("support-sign-in", account.id);
  const blocked = blockedBecause(account);
  const reasonError = form.fieldError("reason");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign in as this person</CardTitle>
        <CardDescription>
          For support: you see the app as they do, for an hour at most, then your own session comes back.
          Locked meanwhile: {LOCKED_WHILE_SUPPORTING}. They get a mail and an entry in their activity; the
          trail keeps your reason.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {blocked ? (
          <p className="text-muted-foreground text-sm">{blocked}</p>
        ) : (
          <form.Form
            method="post"
            ref={form.formRef}
            className="grid gap-3"
            aria-label={`Sign in as ${account.name}`}
          >
            {form.intentField}
            <AccountField userId={account.id} />
            <ReasonField
              hint="Why you need to: it is kept in the trail, never shown to them."
              error={reasonError}
            />
            <SubmitButton
              busy={form.busy}
              variant="outline"
              icon={LifeBuoyIcon}
              className="max-w-full justify-self-start"
            >
              <span className="truncate">Sign in as {account.name}</span>
            </SubmitButton>
            <FormFeedback error={reasonError ? null : form.error} signInAgain={form.signInAgain} />
          </form.Form>
        )}
      </CardContent>
    </Card>
  );
}
