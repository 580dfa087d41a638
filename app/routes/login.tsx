import { data, Form, redirect, useNavigation, useSearchParams } from "react-router";
import { FormField } from "~/components/form-field";
import { PreloadLink } from "~/components/preload-link";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, REDIRECT_PARAM } from "~/lib/constants";
import { safeRedirect } from "~/lib/redirect";
import { getServices } from "~/server/context.server";
import { createAccount, type FieldErrors, signInWithPassword } from "~/server/credentials.server";
import { whenDatabaseAvailable } from "~/server/database-errors.server";
import type { Route } from "./+types/login";

export const handle = { title: "Sign in" };

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

export async function action({ request, context }: Route.ActionArgs) {
  const { auth } = getServices(context);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data("Send the form as a form post.", { status: 400, statusText: "Bad Request" });
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const mode = modeOf(text("intent"));
  const values = { name: text("name")?.slice(0, 200), email: text("email")?.slice(0, 300) };
  const input = { name: text("name"), email: text("email"), password: text("password") };
  const submit = mode === "signup" ? createAccount : signInWithPassword;
  const result = await whenDatabaseAvailable(() => submit(auth, input, request.headers));
  if (!result.ok) {
    return data<ActionData>(
      { mode, message: result.message, fieldErrors: result.fieldErrors, values },
      { status: result.status },
    );
  }
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  throw redirect(safeRedirect(text(REDIRECT_PARAM)), { headers });
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const mode: Mode = actionData?.mode ?? modeOf(searchParams.get("mode"));
  const redirectTo = searchParams.get(REDIRECT_PARAM) ?? "";
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = actionData?.fieldErrors ?? {};
  const switchParams = new URLSearchParams(redirectTo ? { [REDIRECT_PARAM]: redirectTo } : {});
  if (mode === "signin") switchParams.set("mode", "signup");
  const isSignUp = mode === "signup";

  return (
    <div className="grid flex-1 lg:grid-cols-2">
      <SignInHighlights />
      <div className="flex items-center justify-center bg-muted/40 px-4 py-12 dark:bg-transparent">
        <div className="w-full max-w-sm">
          <div className="mb-8 text-center">
            <h1 className="font-bold text-2xl tracking-tight">
              {isSignUp ? "Create your account" : "Welcome back"}
            </h1>
            <p className="mt-2 text-muted-foreground text-sm">
              {isSignUp ? "It takes less than a minute." : "Sign in to continue to your dashboard."}
            </p>
          </div>
          <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">
            <Form method="post" className="grid gap-5">
              <input type="hidden" name="intent" value={mode} />
              <input type="hidden" name={REDIRECT_PARAM} value={redirectTo} />
              {actionData?.message ? <Alert>{actionData.message}</Alert> : null}
              {isSignUp ? (
                <FormField
                  label="Name"
                  name="name"
                  autoComplete="name"
                  required
                  maxLength={100}
                  defaultValue={actionData?.values.name}
                  error={errors.name}
                />
              ) : null}
              <FormField
                label="Email"
                name="email"
                type="email"
                autoComplete={isSignUp ? "email" : "username"}
                required
                defaultValue={actionData?.values.email}
                error={errors.email}
              />
              <FormField
                label="Password"
                name="password"
                type="password"
                autoComplete={isSignUp ? "new-password" : "current-password"}
                required
                minLength={isSignUp ? PASSWORD_MIN_LENGTH : undefined}
                maxLength={PASSWORD_MAX_LENGTH}
                error={errors.password}
                hint={isSignUp ? `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` : undefined}
              />
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                {busy ? (
                  <span className="icon-[lucide--loader-circle] animate-spin" aria-hidden="true" />
                ) : null}
                {isSignUp ? "Create account" : "Sign in"}
              </Button>
            </Form>
          </div>
          <p className="mt-6 text-center text-muted-foreground text-sm">
            {isSignUp ? "Already have an account? " : "New here? "}
            <PreloadLink
              to={`/login${switchParams.size ? `?${switchParams}` : ""}`}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              {isSignUp ? "Sign in instead" : "Create an account"}
            </PreloadLink>
          </p>
        </div>
      </div>
    </div>
  );
}

const highlights = [
  { icon: "icon-[lucide--shield-check]", text: "Sessions you can see and revoke from your dashboard" },
  { icon: "icon-[lucide--lock-keyhole]", text: "Passwords hashed with scrypt, never stored or logged" },
  { icon: "icon-[lucide--cookie]", text: "One signed, HttpOnly cookie: no tracking, no third parties" },
];

/** The wide-screen panel beside the form: why it is safe to sign in here. */
function SignInHighlights() {
  return (
    <aside className="relative hidden overflow-hidden border-r bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-center lg:px-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(80%_60%_at_0%_0%,rgb(255_255_255/0.18),transparent),radial-gradient(60%_50%_at_100%_100%,rgb(0_0_0/0.25),transparent)]"
      />
      <div className="relative max-w-md">
        <h2 className="font-semibold text-3xl leading-tight tracking-tight">
          Your account, kept safe by default.
        </h2>
        <ul className="mt-8 grid gap-5">
          {highlights.map((item) => (
            <li key={item.text} className="flex items-start gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-white/15">
                <span className={`${item.icon} size-4`} aria-hidden="true" />
              </span>
              <span className="pt-1 text-primary-foreground/90">{item.text}</span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
