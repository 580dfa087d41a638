/** (To be built: a stand-in with the support sign-in's card, until the console's account page lands.) */

import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import type { Route } from "./+types/account-page";
import { targetAccount } from "./admin-action-kit.server";
import { ADMIN_ACTIONS } from "./admin-actions.server";
import { consoleAccess, notFound, requireConsole } from "./console-access.server";
import { SupportSignInCard } from "./support-sign-in-card";
import { isSuspended } from "./suspension.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const access = await consoleAccess(context, request);
  if (!access.open) return { open: false as const, account: null };
  const target = await targetAccount(access.services, params.userId);
  if (!target) throw notFound();
  const { id, name, email, isAdmin } = target;
  return { open: true as const, account: { id, name, email, isAdmin, suspended: isSuspended(target) } };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, admin } = await requireConsole(context, request);
  return runDashboardAction(ADMIN_ACTIONS, services, request, admin.signedIn);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const { account } = loaderData;
  if (!account) return <p>Turn on two-step sign-in</p>;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="break-words font-bold text-2xl tracking-tight">{account.name}</h1>
        <p className="text-muted-foreground text-sm">{account.email}</p>
      </div>
      <SupportSignInCard account={account} />
    </div>
  );
}
