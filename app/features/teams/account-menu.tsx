/**
 * The team switcher in the header's account menu: the person's teams
 * (read from the teams page's loader when the menu first opens), the
 * active one checked. Choosing one posts the teams page's `switch-team`
 * form, which stores it on the session: a reload keeps it. Without
 * JavaScript there is no menu; the teams page has the same forms.
 */
import { DropdownMenu } from "radix-ui";
import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { menuItemClass } from "~/components/ui/dropdown-shell";
import type { DashboardActionData } from "~/lib/dashboard-actions";
import { showToast } from "~/shell/toast";
import CheckIcon from "~icons/lucide/check";
import UsersIcon from "~icons/lucide/users";
import { TEAMS_PATH } from "./constants";
import * as m from "./messages";
import type { TeamSummary } from "./teams";

export default function TeamSwitcher() {
  const teams = useFetcher<{ teams: TeamSummary[] }>();
  const switcher = useFetcher<DashboardActionData>();
  const { load, state, data } = teams;
  // Once per opening of the menu (it mounts when it opens), and again after a switch.
  useEffect(() => {
    if (state === "idle" && !data) void load(TEAMS_PATH);
  }, [load, state, data]);
  useEffect(() => {
    if (switcher.data) void showToast(switcher.data.message);
  }, [switcher.data]);
  const list = data?.teams ?? [];
  const active = list.find((team) => team.active)?.id ?? "";
  return (
    <>
      <DropdownMenu.Label className="px-2 py-1.5 font-medium text-muted-foreground text-xs">
        {m.activeTeam()}
      </DropdownMenu.Label>
      {list.length > 0 ? (
        <DropdownMenu.RadioGroup
          value={active}
          onValueChange={(teamId) =>
            void switcher.submit({ intent: "switch-team", teamId }, { method: "post", action: TEAMS_PATH })
          }
        >
          {list.map((team) => (
            <DropdownMenu.RadioItem key={team.id} value={team.id} className={`${menuItemClass} pe-8`}>
              <span className="flex size-5 items-center justify-center rounded bg-muted font-semibold text-[10px] text-muted-foreground">
                {team.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="max-w-48 truncate">{team.name}</span>
              <DropdownMenu.ItemIndicator className="absolute end-2 flex items-center">
                <CheckIcon className="size-4" />
              </DropdownMenu.ItemIndicator>
            </DropdownMenu.RadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      ) : (
        <p className="px-2 py-1.5 text-muted-foreground text-xs">{data ? m.noTeamYet() : m.loadingTeams()}</p>
      )}
      <DropdownMenu.Item asChild className={`${menuItemClass} [&_svg]:size-4 [&_svg]:text-muted-foreground`}>
        <Link to={TEAMS_PATH}>
          <UsersIcon />
          {m.manageTeams()}
        </Link>
      </DropdownMenu.Item>
      <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
    </>
  );
}
