/** The dashboard's Teams card: the active team, how many teams, invitations waiting, and a link to the teams page. */
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import UsersIcon from "~icons/lucide/users";
import { TEAMS_PATH, teamPath } from "./constants";
import * as m from "./messages";
import { ActiveBadge, RoleBadge } from "./team-parts";
import type { TeamsData } from "./teams";

export function TeamsCard({ teams: { teams, invitationsForMe } }: { teams: TeamsData }) {
  const active = teams.find((team) => team.active);
  const waiting = invitationsForMe.length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.teams()}</CardTitle>
        <CardDescription>{m.teamsCardDescription()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {waiting > 0 ? (
          <p className="rounded-md border border-primary/40 bg-primary/5 px-3 py-2 text-sm">
            {m.invitationsWaiting({ count: waiting })}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex min-w-0 items-center gap-2 text-sm">
            <UsersIcon className="size-5 shrink-0 text-muted-foreground" />
            {active ? (
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <PreloadLink to={teamPath(active.id)} className="break-words font-medium hover:underline">
                  {active.name}
                </PreloadLink>
                <RoleBadge role={active.role} />
                <ActiveBadge />
              </span>
            ) : (
              <span className="text-muted-foreground">
                {teams.length === 0 ? m.notInATeamYet() : m.noActiveTeam()}
              </span>
            )}
            {teams.length > 1 ? (
              <span className="text-muted-foreground">{m.teamCount({ count: teams.length })}</span>
            ) : null}
          </div>
          <Button asChild variant={teams.length === 0 || waiting > 0 ? "default" : "outline"}>
            <PreloadLink to={TEAMS_PATH}>
              {teams.length === 0 && waiting === 0 ? m.createATeam() : m.manageTeams()}
            </PreloadLink>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
