import type { IconComponent } from "~/components/icon-component";
import { LocalTime } from "~/components/local-time";
import { AccountUsername, PasswordField } from "~/components/password-field";
import { SubmitButton } from "~/components/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { NEW_PASSWORD_HINT, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/lib/constants";
import type { DashboardData, ProviderLink } from "~/lib/dashboard";
import { isOAuthProviderId, OAUTH_PROVIDERS } from "~/lib/sign-in-providers";
import KeyRoundIcon from "~icons/lucide/key-round";
import LinkIcon from "~icons/lucide/link";
import { FormFeedback } from "./form-feedback";
import { SignInAgainButton } from "./sign-in-again";
import { useDashboardForm } from "./use-dashboard-form";

type Props = Pick<DashboardData, "hasPassword" | "providers" | "waysIn"> & { linkError: string | null };

/** The ways in besides passkeys: the password (set or change) and each provider (link or unlink). */
export function SignInMethodsCard({ hasPassword, providers, waysIn, linkError }: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in methods</CardTitle>
        <CardDescription>Keep more than one, so losing one never locks you out.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {hasPassword ? <ChangePassword /> : <SetPassword />}
        {providers.length > 0 ? (
          <ul className="divide-y rounded-lg border" aria-label="Sign-in providers">
            {providers.map((provider) => (
              <ProviderRow
                key={provider.id}
                provider={provider}
                onlyWayIn={waysIn === 1 && provider.linkedAt !== null}
              />
            ))}
          </ul>
        ) : null}
        <FormFeedback error={linkError} />
      </CardContent>
    </Card>
  );
}

function MethodIcon({ icon: Icon }: { icon: IconComponent }) {
  return (
    <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
      <Icon className="size-5" />
    </span>
  );
}

function NewPasswordField({ error }: { error?: string }) {
  return (
    <PasswordField
      label="New password"
      name="newPassword"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      error={error}
      hint={NEW_PASSWORD_HINT}
    />
  );
}

function ChangePassword() {
  const { Form, intentField, formRef, busy, error, fieldError, notice, signInAgain } =
    useDashboardForm("change-password");
  const hasFieldError = Boolean(fieldError("currentPassword") || fieldError("newPassword"));
  return (
    <div className="grid gap-4 rounded-lg border px-4 py-4">
      <div className="flex items-center gap-3">
        <MethodIcon icon={KeyRoundIcon} />
        <p className="text-sm">
          <span className="block font-medium">Password</span>
          <span className="block text-muted-foreground text-xs">
            Changing it signs out every other session.
          </span>
        </p>
      </div>
      <Form method="post" ref={formRef} className="grid gap-4 sm:max-w-md" aria-label="Change password">
        {intentField}
        <AccountUsername />
        <PasswordField
          label="Current password"
          name="currentPassword"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          error={fieldError("currentPassword")}
        />
        <NewPasswordField error={fieldError("newPassword")} />
        <FormFeedback error={hasFieldError ? null : error} notice={notice} />
        <SubmitButton busy={busy} variant="outline" className="justify-self-start">
          Change password
        </SubmitButton>
      </Form>
      {signInAgain ? <SignInAgainButton /> : null}
    </div>
  );
}

function SetPassword() {
  const { Form, intentField, formRef, busy, error, fieldError, notice, signInAgain } =
    useDashboardForm("set-password");
  return (
    <div className="grid gap-4 rounded-lg border px-4 py-4">
      <Form method="post" ref={formRef} className="grid gap-4">
        {intentField}
        <AccountUsername />
        <div className="flex items-center gap-3">
          <MethodIcon icon={KeyRoundIcon} />
          <p className="text-sm">
            <span className="block font-medium">Password</span>
            <span className="block text-muted-foreground text-xs">
              Not set: add one to also sign in with your email address.
            </span>
          </p>
        </div>
        <NewPasswordField error={fieldError("newPassword")} />
        <FormFeedback error={fieldError("newPassword") ? null : error} notice={notice} />
        <SubmitButton busy={busy} variant="outline">
          Set password
        </SubmitButton>
      </Form>
      {signInAgain ? <SignInAgainButton /> : null}
    </div>
  );
}

function ProviderRow({ provider, onlyWayIn }: { provider: ProviderLink; onlyWayIn: boolean }) {
  const unlink = useDashboardForm("unlink-provider", provider.id);
  // Linking is a plain form (the answer is a redirect to the provider); a refusal comes back as the page's answer.
  const link = useDashboardForm("link-provider", provider.id);
  const refusal = unlink.error ? unlink : link;
  // An account at a provider the app does not know (it can still be unlinked) gets a plain link icon.
  const icon = isOAuthProviderId(provider.id) ? OAUTH_PROVIDERS[provider.id].icon : LinkIcon;
  return (
    <li className="grid gap-3 px-4 py-3">
      <div className="flex items-center gap-3">
        <MethodIcon icon={icon} />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium">{provider.name}</p>
          <p className="text-muted-foreground text-xs">
            {provider.linkedAt ? (
              <>
                Linked <LocalTime value={provider.linkedAt} style="date" />
                {provider.linkedUnderPreviousEmail ? " · with your previous email address" : null}
                {onlyWayIn ? " · your only way to sign in" : null}
              </>
            ) : (
              "Not linked"
            )}
          </p>
        </div>
        {provider.linkedAt ? (
          <unlink.Form method="post">
            {unlink.intentField}
            <input type="hidden" name="provider" value={provider.id} />
            <SubmitButton busy={unlink.busy} variant="ghost" size="sm" aria-label={`Unlink ${provider.name}`}>
              Unlink
            </SubmitButton>
          </unlink.Form>
        ) : provider.offered ? (
          // A plain form: the answer is a redirect to the provider, which only a page navigation follows.
          <form method="post" action="/dashboard">
            {link.intentField}
            <input type="hidden" name="provider" value={provider.id} />
            <SubmitButton busy={false} variant="outline" size="sm" aria-label={`Link ${provider.name}`}>
              Link
            </SubmitButton>
          </form>
        ) : null}
      </div>
      {refusal.error ? (
        <div className="grid gap-2">
          <FormFeedback error={refusal.error} />
          {refusal.signInAgain ? <SignInAgainButton /> : null}
        </div>
      ) : null}
    </li>
  );
}
