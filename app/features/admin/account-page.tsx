/**
 * `/admin/accounts/:userId`: one account, for an administrator: what it
 * is, where it is signed in, how it signs in, its teams and recent
 * activity, and what the console does to it (sign out everywhere, the
 * administrator's role, suspension, a support sign-in), each card the
 * feature part that owns it. An unknown id is a `404`, as is the whole
 * page for anyone but an administrator with a second factor.
 */
import { data, type ShouldRevalidateFunction } from "react-router";
import { ActivityCard } from "~/components/dashboard/activity-card";
import { PageFrame } from "~/components/page-frame";
import { PreloadLink } from "~/components/preload-link";
import { buttonClass } from "~/components/ui/button";
import { ACTIVITY_SHOWN } from "~/lib/constants";
import { dataHeaders } from "~/lib/route-headers";
import { runDashboardAction } from "~/server/dashboard/dashboard-action.server";
import ScrollTextIcon from "~icons/lucide/scroll-text";
import type { Route } from "./+types/account-page";
import { AdministratorCard, SignOutEverywhereForm } from "./account-action-cards";
import { AccountOverviewCard, AccountSessionsCard, SignInMethodsCard, TeamsCard } from "./account-cards";
import { accountDetails } from "./accounts.server";
import { ADMIN_ACTIONS } from "./admin-actions.server";
import { requireConsole } from "./console-access.server";
import { loadConsolePage } from "./console-page.server";
import { StatusBadge } from "./console-parts";
import { listSearch } from "./console-query";
import { ADMIN_AUDIT_PATH, ADMIN_PATH } from "./constants";
import * as m from "./messages";
import { NeedsSecondFactor } from "./needs-second-factor";
import { SupportSignInCard } from "./support-sign-in-card";
import { SuspensionCard } from "./suspension-card";

// Read when the page is shown, in its language.
export const handle = {
  title: () => m.account(),
  get description() {
    return m.accountPageDescription();
  },
};

// `Retry-After` on a `429` (a console page is never cached).
export const headers = dataHeaders;

export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod !== undefined || defaultShouldRevalidate;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadConsolePage(context, request, async ({ services, settings, admin }) => {
    const details = await accountDetails(services, settings, params.userId, admin.id);
    if (!details) throw data(m.noSuchAccount(), { status: 404, statusText: "Not Found" });
    return { details };
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services, admin } = await requireConsole(context, request);
  return runDashboardAction(ADMIN_ACTIONS, services, request, admin.signedIn);
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.open) return <NeedsSecondFactor setUp={loaderData.setUp} />;
  const { details } = loaderData;
  const { account } = details;
  return (
    <PageFrame
      back={{ to: ADMIN_PATH, label: m.accounts() }}
      title={account.name || account.email}
      description={
        <span className="inline-flex flex-wrap items-center gap-2">
          <span className="break-all">{account.email}</span>
          <StatusBadge status={account.status} />
          {account.isYou ? <span className="text-xs">{m.you()}</span> : null}
        </span>
      }
      aside={
        <PreloadLink
          to={`${ADMIN_AUDIT_PATH}${listSearch({ account: account.id })}`}
          className={buttonClass({ variant: "outline" })}
        >
          <ScrollTextIcon />
          {m.auditTrail()}
        </PreloadLink>
      }
    >
      <AccountOverviewCard details={details} />
      <AccountSessionsCard details={details}>
        <SignOutEverywhereForm account={account} />
      </AccountSessionsCard>
      <SignInMethodsCard details={details} />
      <TeamsCard details={details} />
      <AdministratorCard account={account} />
      <SuspensionCard
        account={{
          id: account.id,
          email: account.email,
          isAdmin: account.isAdmin,
          suspension: account.suspension,
        }}
      />
      <SupportSignInCard
        account={{
          id: account.id,
          name: account.name,
          email: account.email,
          isAdmin: account.isAdmin,
          suspended: account.suspension !== null,
        }}
      />
      <ActivityCard
        activity={details.activity}
        description={m.recentActivityDescription({ count: ACTIVITY_SHOWN })}
      />
    </PageFrame>
  );
}
