/** Pieces the console's pages share: the lists' frame, an account's status, a fact, a list's pages, an empty list. */
import type { ReactNode } from "react";
import type { IconComponent } from "~/components/icon-component";
import { PageFrame } from "~/components/page-frame";
import { PreloadLink, PreloadNavLink } from "~/components/preload-link";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import ChevronLeftIcon from "~icons/lucide/chevron-left";
import ChevronRightIcon from "~icons/lucide/chevron-right";
import type { AccountStatus } from "./accounts";
import { ADMIN_AUDIT_PATH, ADMIN_PATH } from "./constants";
import * as m from "./messages";

/** The console's two lists, the open one marked (`aria-current`). */
function ConsoleNav() {
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      "min-w-0 hyphens-auto break-words rounded-md px-3 py-1.5 font-medium text-sm transition-colors",
      isActive
        ? "bg-background text-foreground shadow-xs dark:bg-input/40"
        : "text-muted-foreground hover:text-foreground",
    );
  return (
    <nav aria-label={m.adminConsole()} className="inline-flex max-w-full gap-1 rounded-lg bg-muted p-1">
      <PreloadNavLink to={ADMIN_PATH} end className={tab}>
        {m.accounts()}
      </PreloadNavLink>
      <PreloadNavLink to={ADMIN_AUDIT_PATH} className={tab}>
        {m.auditTrail()}
      </PreloadNavLink>
    </nav>
  );
}

/** Each status's name (a message, said when shown) and tone. */
const STATUSES: Record<AccountStatus, { name: () => string; tone: BadgeTone }> = {
  active: { name: m.statusActive, tone: "outline" },
  suspended: { name: m.statusSuspended, tone: "destructive" },
  administrator: { name: m.administrator, tone: "primary" },
};

export function StatusBadge({ status }: { status: AccountStatus }) {
  return <Badge tone={STATUSES[status].tone}>{STATUSES[status].name()}</Badge>;
}

/** A yes-or-no fact as a small mark: "Verified", "On". */
export function FactBadge({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <Badge tone={on ? "success" : "outline"}>{on ? yes : no}</Badge>;
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
    <nav aria-label={m.pages()} className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <PreloadLink to={href(page - 1)} className={link} rel="prev">
          <ChevronLeftIcon className="rtl:-scale-x-100" />
          {m.previousPage()}
        </PreloadLink>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground text-sm">{m.pageNumber({ page })}</span>
      {hasMore ? (
        <PreloadLink to={href(page + 1)} className={link} rel="next">
          {m.nextPage()}
          <ChevronRightIcon className="rtl:-scale-x-100" />
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

/** The frame of the console's two lists: wide (a table), with the way between them beside the title. */
export function ConsoleListFrame({
  back,
  title,
  description,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <PageFrame width="wide" back={back} title={title} description={description} aside={<ConsoleNav />}>
      {children}
    </PageFrame>
  );
}

/**
 * A term and its value: side by side from 640 px (a card's facts), or
 * `stacked`, the term small above (an entry of the trail).
 */
export function Fact({
  term,
  stacked = false,
  className,
  children,
}: {
  term: string;
  stacked?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("min-w-0", !stacked && "grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-3", className)}>
      <dt className={cn("hyphens-auto break-words text-muted-foreground", stacked && "text-xs")}>{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}
