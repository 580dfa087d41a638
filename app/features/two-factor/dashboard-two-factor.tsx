/**
 * `/dashboard/two-factor`: turning two-step sign-in on (the authenticator
 * app's secret, then its first code), the recovery codes, the trusted
 * browsers, and turning it off. Dashboard forms (`useDashboardForm`), one
 * action module each (./settings-actions.server.ts), that work without JavaScript.
 */
import type { ShouldRevalidateFunction } from "react-router";
import { FormFeedback } from "~/components/dashboard/form-feedback";
import { useDashboardForm } from "~/components/dashboard/use-dashboard-form";
import { PreloadLink } from "~/components/preload-link";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import { dataHeaders } from "~/lib/route-headers";
import { getServices } from "~/server/context.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { isFreshSignIn } from "~/server/session/freshness.server";
import { requireUser } from "~/server/session/guards.server";
import ArrowLeftIcon from "~icons/lucide/arrow-left";
import ShieldCheckIcon from "~icons/lucide/shield-check";
import ShieldOffIcon from "~icons/lucide/shield-off";
import type { Route } from "./+types/dashboard-two-factor";
import { RECOVERY_CODE_COUNT, TRUSTED_BROWSER_DAYS } from "./constants";
import * as m from "./messages";
import { RecoveryCodes } from "./recovery-codes";
import { twoFactorSettings } from "./settings.server";
import { TWO_FACTOR_ACTIONS } from "./settings-actions.server";
import {
  CodeCard,
  FRESH_MINUTES,
  SetupCard,
  SignInAgain,
  WRAPPING_BUTTON,
  WrappingLabel,
} from "./settings-cards";
import type {
  cancelForm,
  confirmForm,
  forgetBrowsersForm,
  renewCodesForm,
  startForm,
  turnOffForm,
} from "./two-factor-forms";

// Read when the page is shown, in its language.
export const handle = {
  title: () => m.twoStepSignIn(),
  get description() {
    return m.settingsPageDescription();
  },
};

// `Retry-After` on a `429` (a signed-in page is never cached: server/personal-answers.ts).
export const headers = dataHeaders;

/** After every form post, refused ones too (a wrong code is counted, and the counts show). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined || defaultShouldRevalidate;

/**
 * On or off; while it is being set up, the secret (only to a recent
 * sign-in: an unlocked computer left alone does not show it).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { user, session } = requireUser(context);
  const fresh = isFreshSignIn(session);
  const settings = await twoFactorSettings(services, user);
  return { ...settings, setup: fresh ? settings.setup : null, pendingSetup: settings.setup !== null, fresh };
}

export async function action({ request, context }: Route.ActionArgs) {
  return runDashboardAction(TWO_FACTOR_ACTIONS, getServices(context), request, requireUser(context));
}

export default function TwoFactorPage({ loaderData }: Route.ComponentProps) {
  const { enabled, setup, pendingSetup, fresh, recoveryCodesLeft, trustedBrowsers } = loaderData;
  const start = useDashboardForm<typeof startForm>("start");
  const confirm = useDashboardForm<typeof confirmForm>("confirm");
  const cancel = useDashboardForm<typeof cancelForm>("cancel");
  const renewCodes = useDashboardForm<typeof renewCodesForm>("renew-codes");
  const turnOff = useDashboardForm<typeof turnOffForm>("turn-off");
  const forgetBrowsers = useDashboardForm<typeof forgetBrowsersForm>("forget-browsers");
  const forms = [start, confirm, renewCodes, turnOff, forgetBrowsers];
  // Shown until the page is left: the one time they are.
  const justMade = confirm.shownOnce ?? renewCodes.shownOnce;
  // Without JavaScript, the success of a form whose card is gone (turned off, say) is said here.
  const notice = justMade ? null : (forms.find((form) => form.notice)?.notice ?? null);
  const needsSignIn = !fresh || forms.some((form) => form.signInAgain);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <PreloadLink
        to={DEFAULT_SIGNED_IN_PATH}
        className="inline-flex items-center gap-1.5 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4 rtl:-scale-x-100" />
        {m.dashboard()}
      </PreloadLink>
      <div className="mt-4 flex items-start gap-3">
        {enabled ? (
          <ShieldCheckIcon className="mt-1 size-7 shrink-0 text-success" />
        ) : (
          <ShieldOffIcon className="mt-1 size-7 shrink-0 text-muted-foreground" />
        )}
        <div className="min-w-0">
          <h1 className="break-words font-bold text-2xl tracking-tight">{m.twoStepSignIn()}</h1>
          <p className="text-muted-foreground text-sm">{enabled ? m.statusOn() : m.statusOff()}</p>
        </div>
      </div>
      <div className="mt-8 grid gap-6">
        {notice ? <FormFeedback error={null} notice={notice} /> : null}
        {justMade ? (
          <Card>
            <CardHeader>
              <CardTitle>{m.saveRecoveryCodes()}</CardTitle>
              <CardDescription>{m.saveRecoveryCodesHint()}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <RecoveryCodes codes={justMade} />
              <div>
                <Button asChild {...WRAPPING_BUTTON}>
                  <PreloadLink to={DEFAULT_SIGNED_IN_PATH}>
                    <WrappingLabel>{m.savedBackToDashboard()}</WrappingLabel>
                  </PreloadLink>
                </Button>
              </div>
            </CardContent>
          </Card>
        ) : null}
        {justMade ? null : enabled ? (
          <>
            <CodeCard
              title={m.recoveryCodes()}
              description={m.recoveryCodesLeftOf({
                left: recoveryCodesLeft,
                total: RECOVERY_CODE_COUNT,
                low: recoveryCodesLeft <= 3 ? "yes" : "no",
              })}
              needsSignInNote={m.newCodesNeedsSignIn({ minutes: FRESH_MINUTES })}
              needsSignIn={needsSignIn}
              form={renewCodes}
              label={m.codeForNewRecoveryCodes()}
              submit={m.makeNewRecoveryCodes()}
            />
            <Card>
              <CardHeader>
                <CardTitle>{m.trustedBrowsers()}</CardTitle>
                <CardDescription>
                  {m.trustedBrowsersCount({ count: trustedBrowsers, days: TRUSTED_BROWSER_DAYS })}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <forgetBrowsers.Form method="post" ref={forgetBrowsers.formRef}>
                  {forgetBrowsers.intentField}
                  <Button
                    type="submit"
                    variant="outline"
                    disabled={trustedBrowsers === 0 || forgetBrowsers.busy}
                    {...WRAPPING_BUTTON}
                  >
                    <WrappingLabel>{m.forgetTrustedBrowsers()}</WrappingLabel>
                  </Button>
                </forgetBrowsers.Form>
              </CardContent>
            </Card>
            <CodeCard
              title={m.turnOffTitle()}
              description={m.turnOffDescription()}
              needsSignInNote={m.turnOffNeedsSignIn({ minutes: FRESH_MINUTES })}
              needsSignIn={needsSignIn}
              form={turnOff}
              label={m.codeToTurnOff()}
              submit={m.turnOff()}
              destructive
            />
          </>
        ) : setup ? (
          <SetupCard setup={setup} confirm={confirm} cancel={cancel} />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>{pendingSetup ? m.finishTurningOn() : m.turnOnTitle()}</CardTitle>
              <CardDescription>{m.turnOnDescription()}</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {start.signInAgain ? null : <FormFeedback error={start.error} />}
              {needsSignIn ? (
                <SignInAgain>{m.turnOnNeedsSignIn({ minutes: FRESH_MINUTES })}</SignInAgain>
              ) : (
                <start.Form method="post" ref={start.formRef}>
                  {start.intentField}
                  <SubmitButton busy={start.busy} icon={ShieldCheckIcon}>
                    {m.turnOn()}
                  </SubmitButton>
                </start.Form>
              )}
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
