import { Form, useSearchParams } from "react-router";
import { AuthSplitLayout } from "~/components/auth-split-layout";
import { FormField } from "~/components/form-field";
import { PasswordField } from "~/components/password-field";
import { PersonNameField } from "~/components/person-name-field";
import { PreloadLink } from "~/components/preload-link";
import { SubmitButton, usePostInFlight } from "~/components/submit-button";
import { Alert } from "~/components/ui/alert";
import { useFocusOnRefusal } from "~/components/use-focus-on-refusal";
import { signInOptions } from "~/features/sign-in";
import { rich } from "~/i18n/rich";
import {
  CONFIRM_SIGN_UP_PATH,
  FORGOT_PASSWORD_PATH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  REDIRECT_PARAM,
} from "~/lib/constants";
import type { FieldErrors } from "~/lib/fields";
import { signInPageHeaders } from "~/lib/opener-policy";
import { newPasswordHint } from "~/lib/password-hint";
import { safeRedirect } from "~/lib/redirect";
import { overLimit, readForm, redirectWithCookies, respond, text } from "~/server/action-kit.server";
import { signInWithPassword, startSignUp } from "~/server/auth/credentials.server";
import { requesterHashOf, signUpBrowser } from "~/server/auth/sign-up-browser.server";
import { type AppServices, getServices } from "~/server/context.server";
import { signInPageOptions, signInPagePost, signInStep } from "~/server/feature-hooks.server";
import { clientIpOf } from "~/server/limits/rate-limit.server";
import type { Route } from "./+types/login";
import * as m from "./messages";

export const handle = {
  // A getter: worded each time the page renders, in its language.
  get description() {
    return m.loginDescription();
  },
  title: (search: URLSearchParams) =>
    modeOf(search.get("mode")) === "signup" ? m.loginTitleSignUp() : m.loginTitleSignIn(),
};

export const headers = signInPageHeaders;

type Mode = "signin" | "signup";
type ActionData = {
  mode: Mode;
  message: string;
  fieldErrors?: FieldErrors;
  values: { name?: string; email?: string };
};

function modeOf(value: unknown): Mode {
  return value === "signup" ? "signup" : "signin";
}

/** What the listed features show on the page (`AuthExtensions.signInPage`: the providers' buttons), by key. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { options: signInPageOptions(getServices(context), request) };
}

/** The per-IP verdict for a form post, as the page's answer when it is refused. */
async function refuseWhenLimited(
  { rateLimits }: AppServices,
  request: Request,
  answer: Omit<ActionData, "message">,
) {
  const refusal = overLimit(await rateLimits.ip(clientIpOf(request)));
  return refusal && respond<ActionData>(refusal, { ...answer, message: refusal.message });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { auth } = services;
  // A feature's own posts (a provider's button) read the form themselves, from this copy.
  const copy = request.clone();
  const form = await readForm(request, {
    intent: text,
    name: text,
    email: text,
    password: text,
    [REDIRECT_PARAM]: text,
  });
  const mode = modeOf(form.intent);
  const redirectTo = form[REDIRECT_PARAM];
  const values = { name: form.name?.slice(0, 200), email: form.email?.slice(0, 300) };

  const featurePost = signInPagePost(form.intent);
  if (featurePost) {
    const refusal = await featurePost.post(services, copy);
    return respond<ActionData>(refusal, { mode, message: refusal.message, values });
  }

  // Per IP here; per account (wrong passwords, sign-ups) inside better-auth, on the values it is given.
  const refused = await refuseWhenLimited(services, request, { mode, values });
  if (refused) return refused;
  const input = { name: form.name, email: form.email, password: form.password };
  // A sign-up belongs to this browser: only here does the code apply the password chosen here.
  const browser =
    mode === "signup"
      ? await signUpBrowser({ ...services.env, secret: (await auth.$context).secret }).claim(request)
      : null;
  const result = browser
    ? await startSignUp(services, input, {
        redirectTo: safeRedirect(redirectTo),
        requesterHash: requesterHashOf(browser.id),
        ip: clientIpOf(request),
      })
    : await signInWithPassword(auth, input, request.headers);
  if (!result.ok) {
    return respond<ActionData>(result, {
      mode,
      message: result.message,
      fieldErrors: result.fieldErrors,
      values,
    });
  }
  // A sign-up goes on to "Check your inbox"; a sign-in to where it was going.
  if ("id" in result) {
    const confirmPage = `${CONFIRM_SIGN_UP_PATH}?${new URLSearchParams({ id: result.id })}`;
    throw redirectWithCookies(confirmPage, browser ? [browser.setCookie] : []);
  }
  // A second step (two-step sign-in's code, say) comes next, then where it was going.
  const onward = safeRedirect(redirectTo);
  const step = result.secondStep ? signInStep() : undefined;
  if (step) throw redirectWithCookies(step.path(onward), result.setCookie);
  throw redirectWithCookies(onward, result.setCookie);
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const formRef = useFocusOnRefusal(actionData);
  const [searchParams] = useSearchParams();
  const mode: Mode = actionData?.mode ?? modeOf(searchParams.get("mode"));
  const redirectTo = searchParams.get(REDIRECT_PARAM) ?? "";
  const busy = usePostInFlight();
  const errors = actionData?.fieldErrors ?? {};
  const switchParams = new URLSearchParams(redirectTo ? { [REDIRECT_PARAM]: redirectTo } : {});
  if (mode === "signin") switchParams.set("mode", "signup");
  const isSignUp = mode === "signup";

  const signInOptionProps = {
    redirectTo,
    isSignUp,
    options: loaderData.options,
    answered: Boolean(actionData),
  };
  return (
    <AuthSplitLayout
      title={isSignUp ? m.loginHeadingSignUp() : m.loginHeadingSignIn()}
      description={isSignUp ? m.loginIntroSignUp() : m.loginIntroSignIn()}
      footer={rich(isSignUp ? m.loginSwitchToSignIn() : m.loginSwitchToSignUp(), {
        link: (text) => (
          <PreloadLink
            to={`/login${switchParams.size ? `?${switchParams}` : ""}`}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {text}
          </PreloadLink>
        ),
      })}
    >
      {signInOptions().map((SignInOption, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the features' list never changes while the app runs.
        <SignInOption key={index} {...signInOptionProps} />
      ))}
      {Object.keys(loaderData.options).length > 0 || !isSignUp ? (
        <div className="flex items-center gap-3 text-center text-muted-foreground text-xs uppercase">
          <span className="h-px flex-1 bg-border" />
          {m.loginOrWithEmail()}
          <span className="h-px flex-1 bg-border" />
        </div>
      ) : null}
      <Form method="post" ref={formRef} className="grid gap-5">
        <input type="hidden" name="intent" value={mode} />
        <input type="hidden" name={REDIRECT_PARAM} value={redirectTo} />
        {actionData?.message ? <Alert>{actionData.message}</Alert> : null}
        {isSignUp ? <PersonNameField defaultValue={actionData?.values.name} error={errors.name} /> : null}
        <FormField
          label={m.loginEmailLabel()}
          name="email"
          type="email"
          // "webauthn" lets the browser offer passkeys in this field's autofill list.
          autoComplete={isSignUp ? "email" : "username webauthn"}
          required
          defaultValue={actionData?.values.email}
          error={errors.email}
        />
        <PasswordField
          label={m.loginPasswordLabel()}
          name="password"
          autoComplete={isSignUp ? "new-password" : "current-password"}
          required
          minLength={isSignUp ? PASSWORD_MIN_LENGTH : undefined}
          maxLength={PASSWORD_MAX_LENGTH}
          error={errors.password}
          hint={isSignUp ? newPasswordHint() : undefined}
        />
        {isSignUp ? null : (
          <PreloadLink
            to={FORGOT_PASSWORD_PATH}
            className="-mt-2 justify-self-end text-primary text-sm underline-offset-4 hover:underline"
          >
            {m.loginForgotPassword()}
          </PreloadLink>
        )}
        <SubmitButton busy={busy} size="lg" className="w-full">
          {isSignUp ? m.loginSubmitSignUp() : m.loginSubmitSignIn()}
        </SubmitButton>
      </Form>
    </AuthSplitLayout>
  );
}
