import { useEffect } from "react";
import { type ShouldRevalidateFunction, useSearchParams } from "react-router";
import { AccountCard } from "~/components/dashboard/account-card";
import { ActivityCard } from "~/components/dashboard/activity-card";
import { DeleteAccountCard } from "~/components/dashboard/delete-account-card";
import { SessionsCard } from "~/components/dashboard/sessions-card";
import { SignInMethodsCard } from "~/components/dashboard/sign-in-methods-card";
import { VerifyEmailBanner } from "~/components/dashboard/verify-email-banner";
import { PasskeysCard } from "~/components/passkeys-card";
import { SignOutForm } from "~/components/sign-out-form";
import { SubmitButton } from "~/components/submit-button";
import { Avatar } from "~/components/ui/avatar";
import { dataHeaders } from "~/lib/route-headers";
import { findProvider } from "~/lib/sign-in-providers";
import { authSessionContext, getServices } from "~/server/context.server";
import { loadDashboard } from "~/server/dashboard.server";
import { runDashboardAction } from "~/server/dashboard-actions.server";
import { whenDatabaseAvailable } from "~/server/database-errors.server";
import { getUserSession } from "~/server/guards.server";
import { listSignInProviders } from "~/server/oauth.server";
import { linkErrorMessage } from "~/server/provider-links.server";
import { showToast } from "~/shell/toast";
import type { Route } from "./+types/dashboard";

/** The action's own headers reach the document (`Retry-After` on a `429`). */
export const headers = dataHeaders;

/**
 * After every form post, refused ones too: a wrong current password is a
 * `400` and an entry in Recent activity, which shows at once.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined || defaultShouldRevalidate;

/** Everything the page shows, in one server round trip. */
export async function loader({ request, context }: Route.LoaderArgs) {
  getUserSession(context); // The auth layout let a signed-in person in.
  const services = getServices(context);
  const signedIn = context.get(authSessionContext);
  if (!signedIn) throw new Error("the root middleware reads the session of every request");
  const dashboard = await whenDatabaseAvailable(() => loadDashboard(services, signedIn));
  const params = new URL(request.url).searchParams;
  const error = params.get("error");
  const linked = findProvider(listSignInProviders(services.env.providers), params.get("linked"));
  return { ...dashboard, linkError: error ? linkErrorMessage(error) : null, linked: linked?.name ?? null };
}

/** The dashboard's forms (`intent` names each), plain posts that work without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  getUserSession(context); // The auth layout let a signed-in person in.
  return whenDatabaseAvailable(() => runDashboardAction(getServices(context), request));
}

function greetingName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user, sessions, passkeys, activity, hasPassword, providers, waysIn, freshUntil } = loaderData;
  useLinkedToast(loaderData.linked);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-center gap-4">
          <Avatar name={user.name} image={user.image} size="lg" />
          <div className="min-w-0">
            <h1 className="break-words font-bold text-2xl tracking-tight">
              Welcome back, {greetingName(user.name)}
            </h1>
            <p className="truncate text-muted-foreground text-sm">{user.email}</p>
          </div>
        </div>
        <SignOutForm className="shrink-0">
          {(busy) => (
            <SubmitButton busy={busy} variant="outline" icon="icon-[lucide--log-out]">
              Sign out
            </SubmitButton>
          )}
        </SignOutForm>
      </div>
      {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        <div className="grid gap-6 lg:col-span-2">
          <AccountCard user={user} />
          <SessionsCard sessions={sessions} />
          <ActivityCard activity={activity} />
        </div>
        <div className="grid gap-6">
          <SignInMethodsCard
            hasPassword={hasPassword}
            providers={providers}
            waysIn={waysIn}
            linkError={loaderData.linkError}
          />
          <PasskeysCard
            passkeys={passkeys}
            thisDevice={sessions.find((session) => session.current)?.browser ?? "This device"}
          />
          <DeleteAccountCard hasPassword={hasPassword} freshUntil={freshUntil} />
        </div>
      </div>
    </div>
  );
}

/** Back from a provider that was just linked (`?linked=github`): say so, then tidy the address. */
function useLinkedToast(linked: string | null) {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (!linked || !params.has("linked")) return;
    void showToast(`${linked} linked.`);
    setParams(
      (next) => {
        next.delete("linked");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [linked, params, setParams]);
}
