import type { ReactNode } from "react";
import { PreloadLink } from "~/components/preload-link";
import { cn } from "~/lib/cn";
import ArrowLeftIcon from "~icons/lucide/arrow-left";

/** A page's column: a card's reading width, or room for a table. */
const WIDTHS = { narrow: "max-w-3xl", wide: "max-w-6xl" } as const;

/**
 * The frame of a page of cards below the dashboard (a team, the admin
 * console): its width, its way back, its title and what it is for, and
 * something beside the title (a button). Shared, so every such page has
 * the same top.
 */
export function PageFrame({
  back,
  title,
  description,
  aside,
  width = "narrow",
  children,
}: {
  back: { to: string; label: string };
  title: ReactNode;
  description: ReactNode;
  aside?: ReactNode;
  width?: keyof typeof WIDTHS;
  children: ReactNode;
}) {
  return (
    <div className={cn("mx-auto w-full px-4 py-8 sm:px-6 sm:py-10", WIDTHS[width])}>
      <PreloadLink
        to={back.to}
        className="inline-flex items-center gap-1.5 text-muted-foreground text-sm hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4 rtl:-scale-x-100" />
        {back.label}
      </PreloadLink>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="break-words font-bold text-2xl tracking-tight">{title}</h1>
          <p className="text-muted-foreground text-sm">{description}</p>
        </div>
        {aside}
      </div>
      <div className="mt-8 grid gap-6">{children}</div>
    </div>
  );
}
