/**
 * The trail's entries as `/admin/audit` shows them, newest first: each its
 * time, who did what to whom and why, from where (IP, request id). People
 * are shown by the address the entry recorded; each is a filter of the
 * trail, and an account that still exists links to its page too. Nothing
 * here changes an entry: there is no form.
 */
import type { ReactNode } from "react";
import { LocalTime } from "~/components/local-time";
import { PreloadLink } from "~/components/preload-link";
import type { AuditEntry } from "./audit.server";
import { AuditDetail } from "./audit-detail";
import { auditActionWords } from "./audit-words";
import { Fact } from "./console-parts";
import { listSearch } from "./console-query";
import { ADMIN_AUDIT_PATH, adminAccountPath } from "./constants";
import * as m from "./messages";

const linkClass = "underline-offset-4 hover:underline";

/** The trail of one administrator, or about one account. */
const trailOf = (filter: { admin?: string; account?: string }) =>
  `${ADMIN_AUDIT_PATH}${listSearch({ admin: filter.admin ?? null, account: filter.account ?? null })}`;

/** One fact of an entry: its term above it, two of the six columns wide. */
const Detail = (props: { term: string; children: ReactNode }) => (
  <Fact stacked className="lg:col-span-2" {...props} />
);

export function AuditEntries({
  entries,
  existingAccounts,
}: {
  entries: AuditEntry[];
  existingAccounts: string[];
}) {
  const exists = new Set(existingAccounts);
  return (
    <ol
      className="divide-y rounded-xl border bg-card text-card-foreground shadow-sm"
      aria-label={m.auditEntries()}
    >
      {entries.map((entry) => (
        <li key={entry.id} className="grid gap-3 px-4 py-4 text-sm sm:px-6">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">{auditActionWords(entry.action)}</span>
            <span className="text-muted-foreground text-xs">
              <LocalTime value={entry.at} />
            </span>
          </p>
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
            <Detail term={m.administrator()}>
              <PreloadLink to={trailOf({ admin: entry.admin.id })} className={linkClass}>
                {entry.admin.email}
              </PreloadLink>
            </Detail>
            <Detail term={m.account()}>
              {entry.target ? (
                <>
                  {exists.has(entry.target.id) ? (
                    <PreloadLink to={adminAccountPath(entry.target.id)} className={linkClass}>
                      {entry.target.email}
                    </PreloadLink>
                  ) : (
                    <span>
                      {entry.target.email} <span className="text-muted-foreground">{m.deleted()}</span>
                    </span>
                  )}{" "}
                  ·{" "}
                  <PreloadLink
                    to={trailOf({ account: entry.target.id })}
                    className="text-muted-foreground text-xs underline-offset-4 hover:underline"
                    aria-label={m.entriesAbout({ email: entry.target.email })}
                  >
                    {m.entries()}
                  </PreloadLink>
                </>
              ) : (
                m.noTarget()
              )}
            </Detail>
            <Detail term={m.reason()}>{entry.reason ?? m.noneGiven()}</Detail>
            <Detail term={m.detail()}>
              {entry.detail === null ? m.noDetail() : <AuditDetail detail={entry.detail} />}
            </Detail>
            <Detail term={m.ip()}>{entry.ipAddress ?? m.unknown()}</Detail>
            <Detail term={m.requestId()}>
              {entry.requestId ? (
                <code className="break-all text-xs" translate="no">
                  {entry.requestId}
                </code>
              ) : (
                m.unknown()
              )}
            </Detail>
          </dl>
        </li>
      ))}
    </ol>
  );
}
