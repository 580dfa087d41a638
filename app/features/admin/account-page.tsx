/**
 * STAND-IN for the account page (its own branch builds the real one): the
 * action exactly as that page's, and only the suspension's card, so that
 * the suspension's end-to-end tests post through `/admin/accounts/:userId`.
 */
import { data } from "react-router";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import type { Route } from "./+types/account-page";
import { targetAccount } from "./admin-action-kit.server";
import { ADMIN_ACTIONS } from "./admin-actions.server";
import { consoleAccess, notFound, requireConsole } from "./console-access.server";
import { suspensionOf } from "./suspension.server";
import { SuspensionCard } from "./suspension-card";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const access = await consoleAccess(context, request);
  if (!access.open) return data({ account: null });
  const { db } = access.services;
  const account = await targetAccount(access.services, params.userId);
  const ban = await db
    .selectFrom("user")
    .select(["banned", "banReason", "banExpires"])
    .where("id", "=", params.userId)
    .executeTakeFirst();
  if (!account || !ban) throw notFound();
  return data({
    account: {
      id: account.id,
      email: account.email,
      isAdmin: account.isAdmin,
      suspension: suspensionOf(ban),
    },
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, admin } = await requireConsole(context, request);
  return runDashboardAction(ADMIN_ACTIONS, services, request, admin.signedIn);
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (!loaderData.account) return <p>Turn on two-step sign-in</p>;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8">
      <h1 className="font-bold text-2xl tracking-tight">{loaderData.account.email}</h1>
      <SuspensionCard account={loaderData.account} />
    </div>
  );
}
