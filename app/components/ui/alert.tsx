import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";
import CircleAlertIcon from "~icons/lucide/circle-alert";

/**
 * An inline message box; `role="alert"` so it is read out when it appears,
 * and focusable from script (a refused form moves the focus to it).
 */
export function Alert({ className, children, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="alert"
      tabIndex={-1}
      className={cn(
        "flex items-start gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2.5 text-destructive-text text-sm",
        className,
      )}
      {...props}
    >
      <CircleAlertIcon className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
