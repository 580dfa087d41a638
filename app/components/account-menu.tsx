import { Avatar } from "~/components/ui/avatar";
import type { SessionUser } from "~/lib/session";
import { menuOnDemand } from "./menu-on-demand";
import * as m from "./messages";

const AccountMenuTrigger = menuOnDemand<{ user: SessionUser }>(() => import("./account-menu-content"));

/** The signed-in person's menu in the header: who they are, dashboard, sign out. */
export function AccountMenu({ user }: { user: SessionUser }) {
  return (
    <AccountMenuTrigger
      user={user}
      renderTrigger={(handlers) => (
        <button type="button" className="rounded-full" {...handlers}>
          {/* The name in text, not aria-label: the initials shown must not contradict it. */}
          <span className="sr-only">{m.accountMenuFor({ name: user.name })}</span>
          <Avatar name={user.name} image={user.image} size="sm" />
        </button>
      )}
    />
  );
}
