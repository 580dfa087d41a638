/**
 * `/admin`: the admin console's accounts, newest first, 25 a page,
 * searched by address or name and filtered (suspended, administrators),
 * each row a link to the account's page. Only administrators with a
 * second factor see it (./console-page.server.ts); anyone else gets the
 * app's own `404`.
 */
import { Card } from "~/components/ui/card";
import { DEFAULT_SIGNED_IN_PATH } from "~/lib/constants";
import UsersIcon from "~icons/lucide/users";
import type { Route } from "./+types/accounts-page";
import { AccountSearch } from "./account-search";
import { findAccounts } from "./accounts.server";
import { AccountsTable } from "./accounts-table";
import { loadConsolePage } from "./console-page.server";
import { ConsoleListFrame, EmptyList, Pagination } from "./console-parts";
import { type AccountQuery, listSearch, readAccountQuery } from "./console-query";
import { ADMIN_PATH } from "./constants";
import * as m from "./messages";
import { NeedsSecondFactor } from "./needs-second-factor";

// Read when the page is shown, in its language.
export const handle = {
  title: () => m.adminConsole(),
  get description() {
    return m.accountsPageDescription();
  },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadConsolePage(context, request, async ({ services, settings }) => {
    const query = readAccountQuery(new URL(request.url).searchParams);
    return { query, ...(await findAccounts(services.db, settings, query)) };
  });
}

const pageHref = (query: AccountQuery) => (page: number) =>
  `${ADMIN_PATH}${listSearch({ q: query.q, status: query.status, page })}`;

export default function AccountsPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.open) return <NeedsSecondFactor setUp={loaderData.setUp} />;
  const { query, accounts, hasMore } = loaderData;
  const searched = Boolean(query.q || query.status);
  return (
    <ConsoleListFrame
      back={{ to: DEFAULT_SIGNED_IN_PATH, label: m.dashboard() }}
      title={m.adminConsole()}
      description={m.accountsDescription()}
    >
      <AccountSearch query={query} />
      {accounts.length === 0 ? (
        <EmptyList
          icon={UsersIcon}
          title={searched ? m.noAccountMatches() : m.noAccountYet()}
          hint={searched ? m.noAccountMatchesHint() : undefined}
        />
      ) : (
        <Card className="overflow-hidden">
          <AccountsTable accounts={accounts} />
        </Card>
      )}
      <Pagination page={query.page} hasMore={hasMore} href={pageHref(query)} />
    </ConsoleListFrame>
  );
}
