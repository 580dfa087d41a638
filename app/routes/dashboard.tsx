import type { ShouldRevalidateFunction } from "react-router";
import { lazyIsland } from "~/components/lazy-island";
import { Avatar } from "~/components/ui/avatar";
import { serverFeatures } from "~/features/server.server";
import type { DashboardData } from "~/lib/dashboard";
import { dataHeaders } from "~/lib/route-headers";
import { getServices } from "~/server/context.server";
import { CORE_ACTIONS } from "~/server/dashboard/actions/index.server";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import { loadDashboard } from "~/server/dashboard/loader.server";
import { requireUser } from "~/server/session/guards.server";
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
export function loader({ request, context }: Route.LoaderArgs) {
  return loadDashboard(getServices(context), requireUser(context), undefined, request);
}

/** The dashboard's forms (`intent` names each), plain posts that work without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const actions = [...CORE_ACTIONS, ...serverFeatures().flatMap((feature) => feature.actions ?? [])];
  return runDashboardAction(actions, getServices(context), request, requireUser(context));
}

function greetingName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Until the address is confirmed: at the top, but its Resend form works as a plain post until its code is here. */
const VerifyEmailBanner = lazyIsland(() =>
  import("~/components/dashboard/verify-email-banner").then((module) => module.VerifyEmailBanner),
);

/**
 * The side navigation and every card: the server renders them in full; the
 * browser keeps that markup (plain links, forms that post without
 * JavaScript) and fetches their code in idle time once the page is hydrated.
 */
const DashboardSections = lazyIsland(() =>
  import("~/components/dashboard/dashboard-sections").then((module) => module.DashboardSections),
);

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const data: DashboardData = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <div className="flex min-w-0 items-center gap-4">
        <Avatar name={user.name} image={user.image} size="lg" />
        <div className="min-w-0">
          <h1 className="break-words font-bold text-2xl tracking-tight">
            Welcome back, {greetingName(user.name)}
          </h1>
          <p className="text-muted-foreground text-sm">
            Your account, how you sign in, and where you are signed in.
          </p>
        </div>
      </div>
      {user.emailVerified ? null : (
        <VerifyEmailBanner
          email={user.email}
          as="section"
          element={{
            "aria-labelledby": "verify-email-title",
            className:
              "mt-6 flex flex-col gap-3 rounded-xl border border-amber-500/40 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center dark:bg-amber-500/10 dark:text-amber-100",
          }}
        />
      )}
      <DashboardSections
        data={data}
        element={{
          className:
            "mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10",
        }}
      />
    </div>
  );
}
