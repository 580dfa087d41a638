/**
 * The parts of the two-step sign-in page (./dashboard-two-factor.tsx): a
 * change that asks for a current code, the set-up of the authenticator
 * app, and the way back to a fresh sign-in. Each form is a dashboard form
 * (`useDashboardForm`, the page's hooks) posting to the page.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { IntentField } from "~/components/dashboard/intent-field";
import type { DashboardForm } from "~/components/dashboard/use-dashboard-form";
import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { SESSION_FRESH_AGE_SECONDS } from "~/lib/constants";
import LogInIcon from "~icons/lucide/log-in";
import * as m from "./messages";
import { QrCode } from "./qr-code";
import type { TwoFactorSettings } from "./two-factor";
import type { CodeForm, cancelForm, signInAgainHereForm } from "./two-factor-forms";

/**
 * A button whose label may be long (a German compound, say): its box grows
 * with a second line instead of running past a phone's edge. `size="inline"`
 * leaves the box to these classes (the default size's, as a minimum), and
 * the label wraps inside `WrappingLabel`.
 */
export const WRAPPING_BUTTON = { size: "inline", className: "min-h-9 px-4 py-2 text-center" } as const;

export function WrappingLabel({ children }: { children: ReactNode }) {
  return <span className="min-w-0 whitespace-normal break-words">{children}</span>;
}

/** Signs out and back in (the password, then the code), to land here with a fresh sign-in. */
export function SignInAgain({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
      <p>{children}</p>
      <Form method="post">
        <IntentField intent={"sign-in-again" satisfies typeof signInAgainHereForm.intent} />
        <Button type="submit" variant="outline" size="sm">
          <LogInIcon />
          {m.signInAgain()}
        </Button>
      </Form>
    </div>
  );
}

export const FRESH_MINUTES = SESSION_FRESH_AGE_SECONDS / 60;

/** A change that asks for a current code (the app's, or a recovery code), in a card of its own. */
export function CodeCard({
  title,
  description,
  needsSignInNote,
  needsSignIn,
  form,
  label,
  submit,
  destructive,
}: {
  title: string;
  description: string;
  /** "Turning it off needs a sign-in from the last 5 minutes.": what needs a recent sign-in. */
  needsSignInNote: string;
  needsSignIn: boolean;
  form: DashboardForm<CodeForm>;
  label: string;
  submit: string;
  destructive?: boolean;
}) {
  const fieldError = form.fieldError("code");
  return (
    <Card className={destructive ? "border-destructive/40" : undefined}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {needsSignIn ? <SignInAgain>{needsSignInNote}</SignInAgain> : null}
        <form.Form method="post" ref={form.formRef} className="grid gap-4">
          {form.intentField}
          {fieldError ? null : <FormFeedback error={form.error} />}
          <FormField
            label={label}
            name={form.field("code")}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={40}
            error={fieldError}
            hint={m.codeFieldHint()}
            className="font-mono tracking-[0.15em] sm:max-w-xs"
          />
          <div>
            <SubmitButton
              busy={form.busy}
              variant={destructive ? "destructive" : "default"}
              {...WRAPPING_BUTTON}
            >
              <WrappingLabel>{submit}</WrappingLabel>
            </SubmitButton>
          </div>
        </form.Form>
      </CardContent>
    </Card>
  );
}

/** Scan (or type) the secret, then confirm with the app's first code. */
export function SetupCard({
  setup,
  confirm,
  cancel,
}: {
  setup: NonNullable<TwoFactorSettings["setup"]>;
  confirm: DashboardForm<CodeForm>;
  cancel: DashboardForm<typeof cancelForm>;
}) {
  const fieldError = confirm.fieldError("code");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.setUpTitle()}</CardTitle>
        <CardDescription>{m.setUpDescription()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <section className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start sm:gap-6">
          <QrCode size={setup.qr.size} path={setup.qr.path} label={m.qrCodeLabel()} />
          <div className="grid min-w-0 gap-3 text-sm">
            <h2 className="font-semibold text-base">{m.scanStep()}</h2>
            <p className="text-muted-foreground">{m.typeKeyHint()}</p>
            <code
              translate="no"
              className="select-all break-all rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm tracking-wider"
            >
              {setup.secret}
            </code>
          </div>
        </section>
        <section className="grid gap-4">
          <h2 className="font-semibold text-base">{m.enterCodeStep()}</h2>
          <confirm.Form method="post" ref={confirm.formRef} className="grid gap-4">
            {confirm.intentField}
            {fieldError ? null : <FormFeedback error={confirm.error} />}
            <FormField
              label={m.codeFromApp()}
              name={confirm.field("code")}
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              maxLength={20}
              error={fieldError}
              className="font-mono text-lg tracking-[0.3em] sm:max-w-xs"
            />
            <div className="flex flex-wrap gap-2">
              <SubmitButton busy={confirm.busy}>{m.turnOn()}</SubmitButton>
            </div>
          </confirm.Form>
          <cancel.Form method="post">
            {cancel.intentField}
            <Button type="submit" variant="link" size="inline" className="text-muted-foreground">
              {m.cancel()}
            </Button>
          </cancel.Form>
        </section>
      </CardContent>
    </Card>
  );
}
