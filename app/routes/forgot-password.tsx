import { data, Form } from "react-router";
import { AuthSplitLayout } from "~/components/auth-split-layout";
import { FormField } from "~/components/form-field";
import { PreloadLink } from "~/components/preload-link";
import { SubmitButton, usePostInFlight } from "~/components/submit-button";
import { Alert } from "~/components/ui/alert";
import { useFocusOnRefusal } from "~/components/use-focus-on-refusal";
import { rich } from "~/i18n/rich";
import { EMAIL_MAX_LENGTH, PASSWORD_RESET_TOKEN_SECONDS, SIGN_IN_PATH } from "~/lib/constants";
import { emailAddress } from "~/lib/fields";
import { mailLinkPageHeaders } from "~/lib/mail-link-headers";
import { overLimit, readForm, respond, text } from "~/server/action-kit.server";
import type { Auth } from "~/server/auth/auth.server";
import { getServices } from "~/server/context.server";
import { clientIpOf, type RateLimitResult, retryAfterOf } from "~/server/limits/rate-limit.server";
import type { Route } from "./+types/forgot-password";
import * as m from "./messages";

export const handle = {
  title: () => m.forgotPasswordTitle(),
  // A getter: worded each time the page renders, in its language.
  get description() {
    return m.forgotPasswordDescription();
  },
};

export const headers = mailLinkPageHeaders;

type ActionData = { sent: boolean; email: string; message?: string; fieldError?: string };

/**
 * Asks for a reset link. The answer is the same whether or not an account
 * has this address, and takes the same time: better-auth looks the address
 * up either way, and the mail itself is queued, never awaited. Limited per
 * client IP and per address, so nobody floods a mailbox from here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { auth, rateLimits } = getServices(context);
  const form = await readForm(request, { email: text });
  const typed = form.email?.slice(0, EMAIL_MAX_LENGTH + 50) ?? "";
  const parsed = emailAddress.safeParse(typed);
  if (!parsed.success) {
    const fieldError = parsed.error.issues[0]?.message ?? m.forgotPasswordInvalidEmail();
    return data<ActionData>({ sent: false, email: typed, fieldError }, { status: 400 });
  }
  const email = parsed.data;
  // Per IP here; per address inside better-auth (address-limits.server.ts).
  const limit = await rateLimits.ip(clientIpOf(request));
  const sent = limit.allowed ? await requestReset(auth, email, request.headers) : limit;
  const refusal = overLimit(sent, m.forgotPasswordRequests());
  if (refusal) return respond<ActionData>(refusal, { sent: false, email, message: refusal.message });
  return data<ActionData>({ sent: true, email });
}

/** Asks better-auth for the reset mail: allowed, or refused for too many requests with the wait. */
async function requestReset(auth: Auth, email: string, headers: Headers): Promise<RateLimitResult> {
  try {
    await auth.api.requestPasswordReset({ body: { email }, headers });
    return { allowed: true, retryAfterSeconds: 0 };
  } catch (error) {
    const retryAfterSeconds = retryAfterOf(error);
    if (retryAfterSeconds === null) throw error;
    return { allowed: false, retryAfterSeconds };
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const formRef = useFocusOnRefusal(actionData);
  const busy = usePostInFlight();
  const backToSignIn = rich(m.forgotPasswordBackToSignIn(), {
    link: (text) => (
      <PreloadLink to={SIGN_IN_PATH} className="font-medium text-primary underline-offset-4 hover:underline">
        {text}
      </PreloadLink>
    ),
  });

  if (actionData?.sent) {
    return (
      <AuthSplitLayout
        title={m.forgotPasswordSentTitle()}
        description={m.forgotPasswordSentDescription()}
        footer={backToSignIn}
      >
        <p role="status" className="text-sm leading-relaxed">
          {rich(
            m.forgotPasswordSent({ email: actionData.email, minutes: PASSWORD_RESET_TOKEN_SECONDS / 60 }),
            { strong: (email) => <strong className="break-all">{email}</strong> },
          )}
        </p>
        <p className="text-muted-foreground text-sm">{m.forgotPasswordNothingArrived()}</p>
      </AuthSplitLayout>
    );
  }

  return (
    <AuthSplitLayout
      title={m.forgotPasswordHeading()}
      description={m.forgotPasswordIntro()}
      footer={backToSignIn}
    >
      <Form method="post" ref={formRef} className="grid gap-5">
        {actionData?.message ? <Alert>{actionData.message}</Alert> : null}
        <FormField
          label={m.forgotPasswordEmailLabel()}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          defaultValue={actionData?.email}
          error={actionData?.fieldError}
        />
        <SubmitButton busy={busy} size="lg" className="w-full">
          {m.forgotPasswordSubmit()}
        </SubmitButton>
      </Form>
    </AuthSplitLayout>
  );
}
