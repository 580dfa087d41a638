/**
 * The accounts of `/admin`: a table from 768 px up, and below that each
 * account a stacked block whose lines say what they are (the column
 * headings go, each cell names itself), so it reads at 390 px.
 */
import type { ReactNode } from "react";
import { LocalTime } from "~/components/local-time";
import { PreloadLink } from "~/components/preload-link";
import type { AccountRow, LastSignIn } from "./accounts";
import { FactBadge, StatusBadge } from "./console-parts";
import { adminAccountPath } from "./constants";
import * as m from "./messages";

/** The columns, each its heading (a message, said when the table is shown). */
const COLUMNS = [
  { id: "account", heading: m.account },
  { id: "created", heading: m.created },
  { id: "last-sign-in", heading: m.lastSignIn },
  { id: "two-step", heading: m.columnTwoStep },
  { id: "teams", heading: m.teams },
  { id: "status", heading: m.columnStatus },
] as const;

/** Where the console read a last sign-in, in words. */
const SIGN_IN_SOURCES: Record<LastSignIn["from"], () => string> = {
  activity: m.fromActivityLog,
  session: m.fromNewestSession,
};

export function AccountsTable({ accounts }: { accounts: AccountRow[] }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{m.accountsCaption()}</caption>
      <thead className="hidden border-b text-muted-foreground text-xs md:table-header-group">
        <tr>
          {COLUMNS.map((column) => (
            <th
              key={column.id}
              scope="col"
              className="hyphens-auto break-words px-4 py-2 text-start font-medium"
            >
              {column.heading()}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y">
        {accounts.map((account) => (
          <AccountRowView key={account.id} account={account} />
        ))}
      </tbody>
    </table>
  );
}

/** A cell that, in the stacked layout, starts with what it is. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className="flex items-baseline gap-2 px-4 py-1 md:table-cell md:py-3 md:align-top">
      <span className="w-24 shrink-0 hyphens-auto break-words text-muted-foreground text-xs md:hidden">
        {label}
      </span>
      <span className="min-w-0">{children}</span>
    </td>
  );
}

function AccountRowView({ account }: { account: AccountRow }) {
  const factors = account.secondFactors;
  return (
    <tr className="block py-2 md:table-row md:py-0">
      <th scope="row" className="block px-4 py-1 text-start font-normal md:table-cell md:py-3 md:align-top">
        <PreloadLink
          to={adminAccountPath(account.id)}
          className="break-words font-medium underline-offset-4 hover:underline"
        >
          {account.name || account.email}
        </PreloadLink>
        <span className="mt-0.5 flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
          <span className="break-all">{account.email}</span>
          <FactBadge on={account.emailVerified} yes={m.verified()} no={m.notVerified()} />
        </span>
      </th>
      <Cell label={m.created()}>
        <LocalTime value={account.createdAt} style="date" />
      </Cell>
      <Cell label={m.lastSignIn()}>
        {account.lastSignIn ? (
          <>
            <LocalTime value={account.lastSignIn.at} />
            <span className="block text-muted-foreground text-xs">
              {SIGN_IN_SOURCES[account.lastSignIn.from]()}
            </span>
          </>
        ) : (
          <span className="text-muted-foreground">{m.never()}</span>
        )}
      </Cell>
      <Cell label={m.columnTwoStep()}>
        <FactBadge on={factors.length > 0} yes={m.on()} no={m.off()} />
        {factors.length > 0 ? (
          <span className="block text-muted-foreground text-xs">{factors.join(", ")}</span>
        ) : null}
      </Cell>
      <Cell label={m.teams()}>{account.teams}</Cell>
      <Cell label={m.columnStatus()}>
        <StatusBadge status={account.status} />
      </Cell>
    </tr>
  );
}
