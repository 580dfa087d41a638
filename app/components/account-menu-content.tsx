import { DropdownMenu } from "radix-ui";
import type { ReactElement } from "react";
import { Link } from "react-router";
import type { SessionUser } from "~/lib/session";
import { useSignOut } from "./use-sign-out";

const itemClass =
  "flex cursor-default select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground [&_[class*='icon-[']]:size-4 [&_[class*='icon-[']]:text-muted-foreground";

/** The account menu itself, loaded on first use (see `account-menu.tsx`). */
export default function AccountMenuContent({ user, trigger }: { user: SessionUser; trigger: ReactElement }) {
  const { signOut } = useSignOut();
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
        >
          <div className="px-2 py-1.5">
            <p className="truncate font-medium text-sm">{user.name}</p>
            <p className="truncate text-muted-foreground text-xs">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/dashboard">
              <span className="icon-[lucide--layout-dashboard]" aria-hidden="true" />
              Dashboard
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
            <span className="icon-[lucide--log-out]" aria-hidden="true" />
            Sign out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
