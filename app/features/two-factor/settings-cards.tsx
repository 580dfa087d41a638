/**
 * The parts of the two-step sign-in page (./dashboard-two-factor.tsx): a
 * change that asks for a current code, the set-up of the authenticator
 * app, and the way back to a fresh sign-in. Plain form posts to the page.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useFocusOnRefusal } from "~/components/use-focus-on-refusal";
import { SESSION_FRESH_AGE_SECONDS } from "~/lib/constants";
import LogInIcon from "~icons/lucide/log-in";
import { QrCode } from "./qr-code";
import type { TwoFactorActionData, TwoFactorIntent, TwoFactorSettings } from "./two-factor";

export function IntentInput({ intent }: { intent: TwoFactorIntent }) {
  return <input type="hidden" name="intent" value={intent} />;
}

/** Signs out and back in (the password, then the code), to land here with a fresh sign-in. */
export function SignInAgain({ children }: { children: ReactNode }) {
  return (
    <div className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
      <p>{children}</p>
      <Form method="post">
        <IntentInput intent="sign-in-again" />
        <Button type="submit" variant="outline" size="sm">
          <LogInIcon />
          Sign in again
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
  change,
  needsSignIn,
  intent,
  label,
  submit,
  destructive,
  actionData,
  busy,
}: {
  title: string;
  description: string;
  /** "Turning it off": what needs a recent sign-in. */
  change: string;
  needsSignIn: boolean;
  intent: TwoFactorIntent;
  label: string;
  submit: string;
  destructive?: boolean;
  actionData: TwoFactorActionData | undefined;
  busy: boolean;
}) {
  const mine = actionData?.intent === intent ? actionData : undefined;
  const formRef = useFocusOnRefusal(mine);
  return (
    <Card className={destructive ? "border-destructive/40" : undefined}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {needsSignIn ? (
          <SignInAgain>
            {change} needs a sign-in from the last {FRESH_MINUTES} minutes.
          </SignInAgain>
        ) : null}
        <Form method="post" ref={formRef} className="grid gap-4">
          <IntentInput intent={intent} />
          {mine && !mine.ok && !mine.fieldError ? <FormFeedback error={mine.message} /> : null}
          <FormField
            label={label}
            name="code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={40}
            error={mine?.fieldError}
            hint="The 6 digits your app shows now, or one of your recovery codes."
            className="font-mono tracking-[0.15em] sm:max-w-xs"
          />
          <div>
            <SubmitButton busy={busy} variant={destructive ? "destructive" : "default"}>
              {submit}
            </SubmitButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Scan (or type) the secret, then confirm with the app's first code. */
export function SetupCard({
  setup,
  actionData,
  busy,
}: {
  setup: NonNullable<TwoFactorSettings["setup"]>;
  actionData: TwoFactorActionData | undefined;
  busy: boolean;
}) {
  const mine = actionData?.intent === "confirm" ? actionData : undefined;
  const formRef = useFocusOnRefusal(mine);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Set up your authenticator app</CardTitle>
        <CardDescription>Two steps, and it is on.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <section className="grid gap-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-start sm:gap-6">
          <QrCode
            size={setup.qr.size}
            path={setup.qr.path}
            label="QR code of the secret for your authenticator app"
          />
          <div className="grid min-w-0 gap-3 text-sm">
            <h2 className="font-semibold text-base">1. Scan this QR code with the app</h2>
            <p className="text-muted-foreground">
              Or, if you cannot scan it, add an account by hand with this key (time-based, 6 digits):
            </p>
            <code className="select-all break-all rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm tracking-wider">
              {setup.secret}
            </code>
          </div>
        </section>
        <section className="grid gap-4">
          <h2 className="font-semibold text-base">2. Enter the code the app shows</h2>
          <Form method="post" ref={formRef} className="grid gap-4">
            <input type="hidden" name="intent" value="confirm" />
            {mine && !mine.ok && !mine.fieldError ? <FormFeedback error={mine.message} /> : null}
            <FormField
              label="Code from the app"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              maxLength={20}
              error={mine?.fieldError}
              className="font-mono text-lg tracking-[0.3em] sm:max-w-xs"
            />
            <div className="flex flex-wrap gap-2">
              <SubmitButton busy={busy}>Turn on</SubmitButton>
            </div>
          </Form>
          <Form method="post">
            <IntentInput intent="cancel" />
            <Button type="submit" variant="link" size="inline" className="text-muted-foreground">
              Cancel
            </Button>
          </Form>
        </section>
      </CardContent>
    </Card>
  );
}
