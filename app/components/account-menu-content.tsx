import { DropdownMenu } from "radix-ui";
import type { ReactElement } from "react";
import { Link } from "react-router";
import { DropdownShell, menuItemClass } from "~/components/ui/dropdown-shell";
import { accountMenuParts } from "~/features/account-menu";
import type { SessionUser } from "~/lib/session";
import LayoutDashboardIcon from "~icons/lucide/layout-dashboard";
import LogOutIcon from "~icons/lucide/log-out";
import * as m from "./messages";
import { useSignOut } from "./use-sign-out";

const itemClass = `${menuItemClass} [&_svg]:size-4 [&_svg]:text-muted-foreground`;

/** The account menu itself, loaded on first use (see `account-menu.tsx`), with the features' parts. */
export default function AccountMenuContent({ user, trigger }: { user: SessionUser; trigger: ReactElement }) {
  const { signOut } = useSignOut();
  return (
    <DropdownShell trigger={trigger} className="min-w-56">
      <div className="px-2 py-1.5">
        <p className="truncate font-medium text-sm" translate="no">
          {user.name}
        </p>
        <p className="truncate text-muted-foreground text-xs">{user.email}</p>
      </div>
      <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
      {accountMenuParts().map((Part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed at build time
        <Part key={index} user={user} />
      ))}
      <DropdownMenu.Item asChild className={itemClass}>
        <Link to="/dashboard">
          <LayoutDashboardIcon />
          {m.dashboard()}
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
      <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
        <LogOutIcon />
        {m.signOut()}
      </DropdownMenu.Item>
    </DropdownShell>
  );
}
