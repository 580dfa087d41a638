import { data, redirect } from "react-router";
import { CenteredCard } from "~/components/centered-card";
import { ExpiredLink } from "~/components/expired-link";
import { MailedLinkForm } from "~/components/mailed-link-form";
import { PasswordField } from "~/components/password-field";
import { PreloadLink } from "~/components/preload-link";
import { RemovedWaysInNotice } from "~/components/removed-ways-in";
import { SubmitButton, usePostInFlight } from "~/components/submit-button";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useFocusOnRefusal } from "~/components/use-focus-on-refusal";
import {
  DEFAULT_SIGNED_IN_PATH,
  FORGOT_PASSWORD_PATH,
  MAIL_TOKEN_PARAM,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_PATH,
} from "~/lib/constants";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { newPasswordHint } from "~/lib/password-hint";
import type { RemovedWaysIn } from "~/lib/removed-ways-in";
import { readForm, text, withCookies } from "~/server/action-kit.server";
import {
  type AfterReset,
  resetLinkRefusal,
  resetPasswordAndSignIn,
} from "~/server/auth/password-reset.server";
import { getServices } from "~/server/context.server";
import { signInStep } from "~/server/feature-hooks.server";
import { openMailedLink } from "~/server/mail/links.server";
import type { Route } from "./+types/reset-password";
import * as m from "./messages";

export const handle = { title: () => m.resetPasswordTitle() };

export const headers = mailLinkPageHeaders;

/**
 * The mailed link's page: a form while its token works, a clear "no longer
 * works" page (400) otherwise, or, while its account may not sign in (a
 * suspension), that refusal (403) and no form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const refusal = await resetLinkRefusal(services, new URL(request.url).searchParams.get(MAIL_TOKEN_PARAM));
  if (refusal) return data({ token: null, refusal }, { status: 403 });
  return openMailedLink(request, services.mail, "reset-password", { refusal: null });
}

/**
 * A refusal; `token`, the link's, while it still works (the page's address
 * no longer has it). Or, when the reset also removed ways in, what it removed.
 */
type ActionData = {
  expired: boolean;
  fieldError?: string;
  /** The account may not sign in now: nothing changed. */
  refusal?: string;
  token?: string;
  removed?: RemovedWaysIn;
  /** Where "Continue" goes (the dashboard, a sign-in's second step, or the sign-in page), and what the page says of it. */
  next?: Onward;
};

/** Where the browser goes after the reset, and what the page says when it shows what the reset removed. */
type Onward = { path: string; description: string; label: string };

/**
 * Sets the new password (the same rules as at sign-up), which uses the
 * token up and ends every session of the account, then signs this browser
 * in with a new session and goes on to the dashboard.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request, { [MAIL_TOKEN_PARAM]: text, password: text });
  const token = form[MAIL_TOKEN_PARAM];
  const outcome = await resetPasswordAndSignIn(getServices(context), request.headers, {
    token,
    newPassword: form.password,
  });
  if (outcome.ok) {
    const headers = withCookies(outcome.setCookie);
    const onward = outcome.onward;
    // The first proof of the mailbox removed ways in, or signing in must wait: say so before going on.
    const next = afterReset(onward);
    if (outcome.removed || onward === "sign-in")
      return data<ActionData>({ expired: false, removed: outcome.removed ?? undefined, next }, { headers });
    throw redirect(next.path, { headers });
  }
  if (outcome.refusal) return data<ActionData>({ expired: false, refusal: outcome.refusal }, { status: 403 });
  return data<ActionData>(
    {
      expired: outcome.expired,
      fieldError: outcome.fieldError,
      ...(!outcome.expired && typeof token === "string" ? { token } : {}),
    },
    { status: 400 },
  );
}

/** After the reset: signed in, to a sign-in's second step (the mailbox alone is not enough), or to sign in later. */
function afterReset(onward: AfterReset): Onward {
  const step = onward === "step" ? signInStep()?.afterReset : undefined;
  if (step) return step;
  if (onward === "sign-in") {
    return {
      path: SIGN_IN_PATH,
      description: m.resetPasswordLaterDescription(),
      label: m.resetPasswordLaterAction(),
    };
  }
  return {
    path: DEFAULT_SIGNED_IN_PATH,
    description: m.resetPasswordSignedInDescription(),
    label: m.resetPasswordSignedInAction(),
  };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useFocusOnRefusal(actionData);
  const busy = usePostInFlight();
  if (actionData?.next) {
    return (
      <CenteredCard title={m.resetPasswordDoneTitle()} description={actionData.next.description}>
        {actionData.removed ? <RemovedWaysInNotice removed={actionData.removed} /> : null}
        <Button asChild>
          <PreloadLink to={actionData.next.path}>{actionData.next.label}</PreloadLink>
        </Button>
      </CenteredCard>
    );
  }
  const refusal = actionData?.refusal ?? loaderData.refusal;
  if (refusal) {
    return (
      <CenteredCard title={m.resetPasswordRefusedTitle()} description={m.resetPasswordRefusedDescription()}>
        <Alert>{refusal}</Alert>
      </CenteredCard>
    );
  }
  const token = actionData?.token ?? loaderData.token;
  if (!token || actionData?.expired) {
    return (
      <ExpiredLink>
        <Button asChild>
          <PreloadLink to={FORGOT_PASSWORD_PATH}>{m.resetPasswordNewLink()}</PreloadLink>
        </Button>
      </ExpiredLink>
    );
  }
  return (
    <CenteredCard title={m.resetPasswordHeading()} description={m.resetPasswordIntro()}>
      <MailedLinkForm token={token} className="grid gap-5" ref={formRef}>
        {actionData?.fieldError ? <Alert>{m.resetPasswordCheckField()}</Alert> : null}
        <PasswordField
          label={m.resetPasswordLabel()}
          name="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          error={actionData?.fieldError}
          hint={newPasswordHint()}
        />
        <SubmitButton busy={busy} size="lg" className="w-full">
          {m.resetPasswordSubmit()}
        </SubmitButton>
      </MailedLinkForm>
    </CenteredCard>
  );
}
