import { DropdownMenu } from "radix-ui";
import { type ReactElement, type ReactNode, useState } from "react";
import { cn } from "~/lib/cn";

/** Classes for a menu item, highlighted by pointer or keyboard. */
export const menuItemClass =
  "relative flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-offset-[-2px] data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground";

/**
 * A header dropdown that is open when it mounts (menus mount on their first
 * click, see `menu-on-demand.tsx`), anchored to the right of its trigger and
 * never wider than the screen. Tab closes it (the menu button pattern), and
 * the focus goes back to its trigger.
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
  const [open, setOpen] = useState(true);
  return (
    // Not modal: an open menu does not hide the rest of the page from assistive technology
    // (axe: a page with its main landmark hidden), and Escape, Tab or a click outside closes it.
    // No portal: the open menu stays inside its landmark (the header), where axe wants content.
    <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        onKeyDown={(event) => {
          if (event.key === "Tab") setOpen(false);
        }}
        className={cn(
          "z-50 max-w-[calc(100vw-1rem)] rounded-lg border bg-card p-1 text-card-foreground shadow-lg",
          className,
        )}
      >
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
