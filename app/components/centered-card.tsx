import type { ReactNode } from "react";

/**
 * The one-card page of the flows behind a mailed link (forgot and reset
 * password, email verification, sign out everywhere): a heading, a line
 * saying what is going on, and the form or the way on.
 */
export function CenteredCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-12 dark:bg-transparent">
      <div className="grid w-full max-w-md gap-5 rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="grid gap-2">
          <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          {description ? <p className="text-muted-foreground text-sm">{description}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
