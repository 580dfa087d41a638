import { DropdownMenu } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Classes for a menu item, highlighted by pointer or keyboard. */
export const menuItemClass =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-offset-[-2px] data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground";

/**
 * A header dropdown that is open when it mounts (menus mount on their first
 * click, see `menu-on-demand.tsx`), anchored to the right of its trigger.
 */
export function DropdownShell({
  trigger,
  className,
  children,
}: {
  trigger: ReactElement;
  className?: string;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={cn("z-50 rounded-lg border bg-card p-1 text-card-foreground shadow-lg", className)}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
