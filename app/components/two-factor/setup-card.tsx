import { Form } from "react-router";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useFocusOnRefusal } from "~/components/use-focus-on-refusal";
import type { TwoFactorActionData, TwoFactorSettings } from "~/lib/two-factor";
import { IntentInput } from "./intent-input";
import { QrCode } from "./qr-code";

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
