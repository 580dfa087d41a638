/** `/login/two-factor`: the code step of a sign-in (an authenticator code or a recovery code, and "Trust this browser"). */
import { data, Form, useSearchParams } from "react-router";
import { CenteredCard } from "~/components/centered-card";
import { FormField } from "~/components/form-field";
import { PreloadLink } from "~/components/preload-link";
import { SubmitButton, usePostInFlight } from "~/components/submit-button";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useFocusOnRefusal } from "~/components/use-focus-on-refusal";
import { REDIRECT_PARAM } from "~/lib/constants";
import { signInPageHeaders } from "~/lib/opener-policy";
import { safeRedirect, signInPathFor } from "~/lib/redirect";
import { overLimit, readForm, redirectWithCookies, respond, text } from "~/server/action-kit.server";
import { getServices } from "~/server/context.server";
import { clientIpOf } from "~/server/limits/rate-limit.server";
import type { Route } from "./+types/login-two-factor";
import { SECOND_STEP_SECONDS, TRUSTED_BROWSER_DAYS, TWO_FACTOR_PATH } from "./constants";
import * as m from "./messages";
import { checkCode, hasSecondStepCookie, isExpiredStep } from "./second-step.server";
import { type CodeKind, codeKindOf } from "./two-factor";

// Read when the page is shown, in its language.
export const handle = {
  title: () => m.twoStepSignIn(),
  get description() {
    return m.signInPageDescription();
  },
};

// Part of the sign-in popup's flow when a provider's sign-in asks for the code.
export const headers = signInPageHeaders;

/** The page's words for each kind of code, as message functions: called when the page renders, in its language. */
const COPY: Record<CodeKind, Record<"description" | "label" | "hint" | "other", () => string>> = {
  app: {
    description: m.appCodeDescription,
    label: m.appCodeLabel,
    hint: m.appCodeHint,
    other: m.useRecoveryCode,
  },
  recovery: {
    description: m.recoveryCodeDescription,
    label: m.recoveryCodeLabel,
    hint: m.recoveryCodeHint,
    other: m.useAuthenticatorApp,
  },
};

/** Whether this browser is between its password (or provider) and its code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { pending: await hasSecondStepCookie(getServices(context).auth, request.headers) };
}

type ActionData = { message?: string; fieldError?: string; expired?: boolean };

/** The code finishes the sign-in (better-auth makes the session), then on to where it was going. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await readForm(request, { use: text, code: text, trust: text, [REDIRECT_PARAM]: text });
  const limited = overLimit(await services.rateLimits.ip(clientIpOf(request)));
  if (limited) return respond<ActionData>(limited, { message: limited.message });
  const outcome = await checkCode(services.auth, request.headers, {
    kind: codeKindOf(form.use),
    code: form.code,
    trustBrowser: form.trust === "on",
  });
  if (outcome.ok) throw redirectWithCookies(safeRedirect(form[REDIRECT_PARAM]), outcome.setCookie);
  if (isExpiredStep(outcome)) return data<ActionData>({ expired: true }, { status: 400 });
  return respond<ActionData>(outcome, { message: outcome.message, fieldError: outcome.fieldErrors?.code });
}

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
  const formRef = useFocusOnRefusal(actionData);
  const busy = usePostInFlight();
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get(REDIRECT_PARAM) ?? "";
  const kind = codeKindOf(searchParams.get("use"));
  const copy = COPY[kind];
  const startAgain = signInPathFor(safeRedirect(redirectTo));
  if (!loaderData.pending || actionData?.expired) {
    return (
      <CenteredCard
        title={m.signInAgain()}
        description={m.codeStepExpired({ minutes: SECOND_STEP_SECONDS / 60 })}
      >
        <Button asChild>
          <PreloadLink to={startAgain}>{m.signInAgain()}</PreloadLink>
        </Button>
      </CenteredCard>
    );
  }
  const other = new URLSearchParams(searchParams);
  if (kind === "app") other.set("use", "recovery");
  else other.delete("use");
  return (
    <CenteredCard title={m.twoStepSignIn()} description={copy.description()}>
      <Form method="post" ref={formRef} className="grid gap-5">
        {actionData?.message && !actionData.fieldError ? <Alert>{actionData.message}</Alert> : null}
        <input type="hidden" name="use" value={kind} />
        <input type="hidden" name={REDIRECT_PARAM} value={redirectTo} />
        <FormField
          key={kind}
          label={copy.label()}
          name="code"
          autoComplete="one-time-code"
          inputMode={kind === "app" ? "numeric" : "text"}
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={40}
          error={actionData?.fieldError}
          hint={copy.hint()}
          className="font-mono text-lg tracking-[0.2em]"
        />
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" name="trust" className="mt-0.5 size-4 accent-primary" />
          <span>
            {m.trustThisBrowser({ days: TRUSTED_BROWSER_DAYS })}
            <span className="block text-muted-foreground text-xs">{m.trustThisBrowserHint()}</span>
          </span>
        </label>
        <SubmitButton busy={busy} size="lg" className="w-full">
          {m.verifyAndSignIn()}
        </SubmitButton>
      </Form>
      <div className="grid gap-2 text-sm">
        <PreloadLink
          to={`${TWO_FACTOR_PATH}?${other}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          {copy.other()}
        </PreloadLink>
        <p className="text-muted-foreground">
          {m.lostPhone()}{" "}
          <PreloadLink to={startAgain} className="underline underline-offset-4">
            {m.backToSignIn()}
          </PreloadLink>
        </p>
      </div>
    </CenteredCard>
  );
}
