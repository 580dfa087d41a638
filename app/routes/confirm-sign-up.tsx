import { isAPIError } from "better-auth/api";
import { data, Form } from "react-router";
import { CenteredCard } from "~/components/centered-card";
import { FormField } from "~/components/form-field";
import { PasswordField } from "~/components/password-field";
import { PersonNameField } from "~/components/person-name-field";
import { PreloadLink } from "~/components/preload-link";
import { SubmitButton, usePostInFlight } from "~/components/submit-button";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useFocusOnRefusal } from "~/components/use-focus-on-refusal";
import { rich } from "~/i18n/rich";
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGN_IN_PATH,
  SIGN_UP_CODE_DIGITS,
  SIGN_UP_CODE_SECONDS,
  SIGN_UP_CODE_TRIES,
} from "~/lib/constants";
import { type FieldErrors, fieldErrorsOf, signUpSchema } from "~/lib/fields";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { newPasswordHint } from "~/lib/password-hint";
import { safeRedirect } from "~/lib/redirect";
import { overLimit, readForm, redirectWithCookies, respond, text, tooMany } from "~/server/action-kit.server";
import { findPasswordWeakness } from "~/server/auth/password-policy.server";
import { codeFrom, findPendingSignUp, resendSignUpCode } from "~/server/auth/sign-up.server";
import { requesterHashOf, signUpBrowser } from "~/server/auth/sign-up-browser.server";
import { type AppServices, getServices } from "~/server/context.server";
import { clientIpOf, retryAfterOf } from "~/server/limits/rate-limit.server";
import type { Route } from "./+types/confirm-sign-up";
import * as m from "./messages";

export const handle = { title: () => m.confirmSignUpTitle() };

// The mailed link carries the code: no Referer leaves this page.
export const headers = mailLinkPageHeaders;

const START_AGAIN = `${SIGN_IN_PATH}?mode=signup`;

/** The hash of the browser that asks, when it holds a sign-up cookie (sign-up-browser.server.ts). */
async function requesterHashOfRequest({ env, auth }: AppServices, request: Request) {
  const id = await signUpBrowser({ ...env, secret: (await auth.$context).secret }).idOf(request);
  return id ? requesterHashOf(id) : null;
}

/** The field error of a password chosen here that the password rules refuse (too common, or built from a name). */
async function weakPasswordOf(
  { auth }: AppServices,
  chosen: { name: string; email: string; password: string } | undefined,
) {
  if (!chosen) return undefined;
  const weakness = await findPasswordWeakness(chosen.password, {
    appName: (await auth.$context).appName,
    ...chosen,
  });
  return weakness ? { password: weakness.message } : undefined;
}

/**
 * "Check your inbox", after "Create account": the request `?id=` names,
 * and the code when the mailed link brought it. Opening it creates nothing:
 * only the form's post does. In a browser other than the one that asked,
 * the form also asks for a name and password: whoever asked may not be the
 * mailbox's owner, so what they chose is not used.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const url = new URL(request.url);
  const requester = await requesterHashOfRequest(services, request);
  const pending = await findPendingSignUp(services.db, url.searchParams.get("id"), requester);
  return { pending, code: codeFrom(url.searchParams.get("code")) ?? "" };
}

type ActionData = {
  message?: string;
  fieldError?: string;
  fieldErrors?: FieldErrors;
  values?: { name?: string };
  notice?: string;
  expired?: boolean;
};

/** `confirm`: the code creates the account and signs this browser in. `resend`: a new code, mailed. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await readForm(request, { id: text, intent: text, code: text, name: text, password: text });
  const requesterHash = await requesterHashOfRequest(services, request);
  const pending = await findPendingSignUp(services.db, form.id, requesterHash);
  if (!pending) return data<ActionData>({ expired: true }, { status: 400 });
  const resend = form.intent === "resend";
  // A resend counts against the IP and the address like any mail; a try from another browser against
  // the IP. A try from the browser that asked counts only if wrong (the wrong-code budgets, at the door).
  const ip = resend || !pending.fromThisBrowser ? await services.rateLimits.ip(clientIpOf(request)) : null;
  const limit =
    ip?.allowed && resend ? await services.rateLimits.address("verification-email", pending.email) : ip;
  const refusal = limit && overLimit(limit, resend ? m.confirmSignUpCodesSent() : m.confirmSignUpTries());
  if (refusal) return respond<ActionData>(refusal, { message: refusal.message });
  if (resend) {
    const { secret } = await services.auth.$context;
    const sent = await resendSignUpCode({ mail: services.mail, secret }, pending.id);
    if (!sent) return data<ActionData>({ expired: true }, { status: 400 });
    return data<ActionData>({ notice: m.confirmSignUpNewCodeSent({ email: pending.email }) });
  }
  const code = codeFrom(form.code);
  // Another browser than the one that asked chooses the name and password here, with the sign-up rules.
  const chosen = pending.fromThisBrowser
    ? null
    : signUpSchema.safeParse({ name: form.name, email: pending.email, password: form.password });
  const fieldErrors: FieldErrors | undefined =
    chosen && !chosen.success ? fieldErrorsOf(chosen.error) : await weakPasswordOf(services, chosen?.data);
  if (!code || fieldErrors) {
    return data<ActionData>(
      {
        fieldError: code ? undefined : m.confirmSignUpCodeMissing({ digits: SIGN_UP_CODE_DIGITS }),
        fieldErrors,
        values: { name: form.name },
      },
      { status: 400 },
    );
  }
  try {
    const { response, headers } = await services.auth.api.confirmSignUp({
      body: {
        id: pending.id,
        code,
        requesterHash,
        chosenHere: chosen?.success ? { name: chosen.data.name, password: chosen.data.password } : undefined,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    throw redirectWithCookies(safeRedirect(response.redirectTo), headers.getSetCookie());
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    const retryAfterSeconds = retryAfterOf(error);
    if (retryAfterSeconds !== null) {
      return respond<ActionData>(tooMany(error.message, retryAfterSeconds), {
        message: error.message,
        values: { name: form.name },
      });
    }
    const left = Number(error.message);
    if (error.body?.code !== "WRONG_CODE" || !(left > 0)) {
      return data<ActionData>({ expired: true }, { status: 400 });
    }
    return data<ActionData>(
      { fieldError: m.confirmSignUpWrongCode({ left }), values: { name: form.name } },
      { status: 400 },
    );
  }
}

export default function ConfirmSignUp({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useFocusOnRefusal(actionData);
  const busy = usePostInFlight();
  const { pending } = loaderData;
  if (!pending || actionData?.expired) {
    return (
      <CenteredCard
        title={m.confirmSignUpExpiredTitle()}
        description={m.confirmSignUpExpiredDescription({
          minutes: SIGN_UP_CODE_SECONDS / 60,
          tries: SIGN_UP_CODE_TRIES,
        })}
      >
        <Button asChild>
          <PreloadLink to={START_AGAIN}>{m.confirmSignUpStartAgain()}</PreloadLink>
        </Button>
      </CenteredCard>
    );
  }
  const sent = { digits: SIGN_UP_CODE_DIGITS, email: pending.email };
  return (
    <CenteredCard
      title={m.confirmSignUpHeading()}
      description={rich(
        pending.fromThisBrowser ? m.confirmSignUpSentHere(sent) : m.confirmSignUpSentElsewhere(sent),
        { strong: (email) => <strong className="break-words font-medium text-foreground">{email}</strong> },
      )}
    >
      <Form method="post" ref={formRef} className="grid gap-5">
        {actionData?.message ? <Alert>{actionData.message}</Alert> : null}
        {actionData?.notice ? (
          <p role="status" className="text-sm">
            {actionData.notice}
          </p>
        ) : null}
        <input type="hidden" name="id" value={pending.id} />
        <FormField
          label={m.confirmSignUpCodeLabel()}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          required
          maxLength={40}
          defaultValue={loaderData.code}
          error={actionData?.fieldError}
          hint={m.confirmSignUpCodeHint({ digits: SIGN_UP_CODE_DIGITS, minutes: SIGN_UP_CODE_SECONDS / 60 })}
          className="font-mono text-lg tracking-[0.3em]"
        />
        {pending.fromThisBrowser ? null : (
          <>
            <PersonNameField defaultValue={actionData?.values?.name} error={actionData?.fieldErrors?.name} />
            <input hidden readOnly autoComplete="username" value={pending.email} />
            <PasswordField
              label={m.confirmSignUpPasswordLabel()}
              name="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              maxLength={PASSWORD_MAX_LENGTH}
              error={actionData?.fieldErrors?.password}
              hint={newPasswordHint()}
            />
          </>
        )}
        <SubmitButton busy={busy} size="lg" className="w-full" name="intent" value="confirm">
          {m.confirmSignUpSubmit()}
        </SubmitButton>
      </Form>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <Form method="post">
          <input type="hidden" name="id" value={pending.id} />
          <input type="hidden" name="intent" value="resend" />
          <Button type="submit" variant="link" size="inline">
            {m.confirmSignUpResend()}
          </Button>
        </Form>
        <PreloadLink to={START_AGAIN} className="text-muted-foreground underline-offset-4 hover:underline">
          {m.confirmSignUpOtherAddress()}
        </PreloadLink>
      </div>
    </CenteredCard>
  );
}
