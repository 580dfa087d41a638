/** Pieces the console's pages share: the way between its pages, an account's status, a list's pages, an empty list. */
import type { IconComponent } from "~/components/icon-component";
import { PreloadLink, PreloadNavLink } from "~/components/preload-link";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import ChevronLeftIcon from "~icons/lucide/chevron-left";
import ChevronRightIcon from "~icons/lucide/chevron-right";
import type { AccountStatus } from "./accounts";
import { ADMIN_AUDIT_PATH, ADMIN_PATH } from "./constants";

/** The console's two lists, the open one marked (`aria-current`). */
export function ConsoleNav() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-md px-3 py-1.5 font-medium text-sm transition-colors",
      isActive
        ? "bg-background text-foreground shadow-xs dark:bg-input/40"
        : "text-muted-foreground hover:text-foreground",
    );
  return (
    <nav aria-label="Admin console" className="inline-flex gap-1 rounded-lg bg-muted p-1">
      <PreloadNavLink to={ADMIN_PATH} end className={tab}>
        Accounts
      </PreloadNavLink>
      <PreloadNavLink to={ADMIN_AUDIT_PATH} className={tab}>
        Audit trail
      </PreloadNavLink>
    </nav>
  );
}

const STATUS_NAMES: Record<AccountStatus, string> = {
  active: "Active",
  suspended: "Suspended",
  administrator: "Administrator",
};

const STATUS_STYLES: Record<AccountStatus, string> = {
  active: "border text-muted-foreground",
  suspended: "bg-destructive/10 text-destructive-text",
  administrator: "bg-primary/10 text-primary",
};

export function StatusBadge({ status }: { status: AccountStatus }) {
  return (
    <span
      className={cn("whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs", STATUS_STYLES[status])}
    >
      {STATUS_NAMES[status]}
    </span>
  );
}

/** A yes-or-no fact as a small mark: "Verified", "On". */
export function FactBadge({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return (
    <span
      className={cn(
        "whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs",
        on ? "bg-success/10 text-success" : "border text-muted-foreground",
      )}
    >
      {on ? yes : no}
    </span>
  );
}

/**
 * Previous and next pages of a list, when there are any: `href(page)` is
 * the address of a page (its query kept), so they work without JavaScript.
 */
export function Pagination({
  page,
  hasMore,
  href,
}: {
  page: number;
  hasMore: boolean;
  href: (page: number) => string;
}) {
  if (page === 1 && !hasMore) return null;
  const link = buttonClass({ variant: "outline", size: "sm" });
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <PreloadLink to={href(page - 1)} className={link} rel="prev">
          <ChevronLeftIcon />
          Previous
        </PreloadLink>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground text-sm">Page {page}</span>
      {hasMore ? (
        <PreloadLink to={href(page + 1)} className={link} rel="next">
          Next
          <ChevronRightIcon />
        </PreloadLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** What a list shows when it has nothing to show: its icon, what is missing, and what to try. */
export function EmptyList({
  icon: Icon,
  title,
  hint,
}: {
  icon: IconComponent;
  title: string;
  hint?: string;
}) {
  return (
    <Card className="flex flex-col items-center gap-2 px-4 py-10 text-center">
      <Icon className="size-8 text-muted-foreground" />
      <p className="font-medium text-sm">{title}</p>
      {hint ? <p className="text-muted-foreground text-sm">{hint}</p> : null}
    </Card>
  );
}
