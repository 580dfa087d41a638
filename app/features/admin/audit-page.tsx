/**
 * `/admin/audit`: what administrators did, newest first, 25 a page, of one
 * administrator (`?admin=`) or about one account (`?account=`). Read only:
 * the trail is append-only down to the database (its triggers), and this
 * page has no form that changes it, nor does any route.
 */
import { PreloadLink } from "~/components/preload-link";
import ScrollTextIcon from "~icons/lucide/scroll-text";
import XIcon from "~icons/lucide/x";
import type { Route } from "./+types/audit-page";
import type { AuditEntry } from "./audit.server";
import { AuditEntries } from "./audit-entries";
import { auditTrail } from "./audit-trail.server";
import { loadConsolePage } from "./console-page.server";
import { ConsoleListFrame, EmptyList, Pagination } from "./console-parts";
import { type AuditQuery, listSearch, readAuditQuery } from "./console-query";
import { ADMIN_AUDIT_PATH, ADMIN_PATH } from "./constants";
import * as m from "./messages";
import { NeedsSecondFactor } from "./needs-second-factor";

// Read when the page is shown, in its language.
export const handle = {
  title: () => m.auditTrail(),
  get description() {
    return m.auditPageDescription();
  },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadConsolePage(context, request, async ({ services }) => {
    const query = readAuditQuery(new URL(request.url).searchParams);
    return { query, ...(await auditTrail(services.db, query)) };
  });
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  if (!loaderData.open) return <NeedsSecondFactor setUp={loaderData.setUp} />;
  const { query, entries, hasMore, existingAccounts } = loaderData;
  const filtered = Boolean(query.adminId || query.targetId);
  return (
    <ConsoleListFrame
      back={{ to: ADMIN_PATH, label: m.accounts() }}
      title={m.auditTrail()}
      description={m.auditDescription()}
    >
      {filtered ? <Filters query={query} entries={entries} /> : null}
      {entries.length === 0 ? (
        <EmptyList icon={ScrollTextIcon} title={filtered ? m.noEntryMatches() : m.nothingYet()} />
      ) : (
        <AuditEntries entries={entries} existingAccounts={existingAccounts} />
      )}
      <Pagination
        page={query.page}
        hasMore={hasMore}
        href={(page) =>
          `${ADMIN_AUDIT_PATH}${listSearch({ admin: query.adminId, account: query.targetId, page })}`
        }
      />
    </ConsoleListFrame>
  );
}

/** The filters in use, each named by the address its entries recorded, and the way back to the whole trail. */
function Filters({ query, entries }: { query: AuditQuery; entries: AuditEntry[] }) {
  const adminEmail = entries.find((entry) => entry.admin.id === query.adminId)?.admin.email;
  const accountEmail = entries.find((entry) => entry.target?.id === query.targetId)?.target?.email;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">{m.showing()}</span>
      {query.adminId ? (
        <span className="min-w-0 break-words rounded-full border px-2.5 py-0.5">
          {adminEmail ? m.byAdministrator({ email: adminEmail }) : m.byOneAdministrator()}
        </span>
      ) : null}
      {query.targetId ? (
        <span className="min-w-0 break-words rounded-full border px-2.5 py-0.5">
          {accountEmail ? m.aboutAccount({ email: accountEmail }) : m.aboutOneAccount()}
        </span>
      ) : null}
      <PreloadLink
        to={ADMIN_AUDIT_PATH}
        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
      >
        <XIcon className="size-4" />
        {m.wholeTrail()}
      </PreloadLink>
    </div>
  );
}
