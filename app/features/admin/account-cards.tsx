/**
 * An account's page, what it shows: the account, where it is signed in,
 * how it signs in, and its teams. Read only; the forms are in
 * ./account-action-cards.tsx. Nothing here is a secret: sessions by device
 * and address, ways in by name.
 */
import type { ReactNode } from "react";
import { DEVICE_ICONS } from "~/components/dashboard/sessions-card";
import { LocalTime } from "~/components/local-time";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { AccountDetails } from "./accounts";
import { Fact, FactBadge } from "./console-parts";

type Details = { details: AccountDetails };

export function AccountOverviewCard({ details: { account } }: Details) {
  const { lastSignIn, suspension } = account;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Account</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <Fact term="Email">
            <span className="mr-2 break-all">{account.email}</span>
            <FactBadge on={account.emailVerified} yes="Verified" no="Not verified" />
          </Fact>
          <Fact term="Created">
            <LocalTime value={account.createdAt} />
          </Fact>
          <Fact term="Last sign-in">
            {lastSignIn ? (
              <>
                <LocalTime value={lastSignIn.at} />
                <span className="text-muted-foreground">
                  {lastSignIn.from === "activity" ? " (activity log)" : " (newest session)"}
                </span>
              </>
            ) : (
              "Never"
            )}
          </Fact>
          <Fact term="Administrator">
            {account.listed
              ? "Yes: ADMIN_EMAILS lists its address"
              : account.isAdmin
                ? "Yes: made in the console"
                : "No"}
          </Fact>
          <Fact term="Suspension">
            {suspension ? (
              <span className="text-destructive-text">
                Suspended{" "}
                {suspension.until ? (
                  <>
                    until <LocalTime value={suspension.until} />
                  </>
                ) : (
                  "until lifted"
                )}
                {suspension.reason ? `: ${suspension.reason}` : null}
              </span>
            ) : (
              "Not suspended"
            )}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

export function AccountSessionsCard({ details: { sessions }, children }: Details & { children?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions</CardTitle>
        <CardDescription>Every browser signed in to this account now.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.length === 0 ? (
          <p className="text-muted-foreground text-sm">No browser is signed in.</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Sessions">
            {sessions.map((session) => {
              const DeviceIcon = DEVICE_ICONS[session.deviceType];
              return (
                <li key={session.id} className="flex items-start gap-3 px-4 py-3 text-sm">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
                    <DeviceIcon className="size-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="font-medium">{session.browser}</p>
                    <p className="text-muted-foreground text-xs">
                      {session.ip ?? "Unknown IP"} · Signed in <LocalTime value={session.createdAt} />
                    </p>
                    <p className="text-muted-foreground text-xs">
                      Last active <LocalTime value={session.lastActiveAt} />
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

export function SignInMethodsCard({ details: { methods } }: Details) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sign-in methods</CardTitle>
        <CardDescription>How this account signs in, by name.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <Fact term="Password">{methods.password ? "Set" : "None"}</Fact>
          <Fact term="Providers">
            {methods.providers.length === 0
              ? "None"
              : methods.providers.map((provider) => (
                  <span key={provider.name} className="block">
                    {provider.name} <span className="text-muted-foreground">· linked </span>
                    <LocalTime value={provider.linkedAt} style="date" />
                  </span>
                ))}
          </Fact>
          <Fact term="Two-step sign-in">
            {methods.secondFactors.length === 0 ? "Off" : `On: ${methods.secondFactors.join(", ")}`}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

export function TeamsCard({ details: { teams } }: Details) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Teams</CardTitle>
      </CardHeader>
      <CardContent>
        {teams.length === 0 ? (
          <p className="text-muted-foreground text-sm">In no team.</p>
        ) : (
          <ul className="divide-y rounded-lg border text-sm" aria-label="Teams">
            {teams.map((team, index) => (
              // A name need not be unique: two teams may share one.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is read only, in the server's order
              <li key={index} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
                <span className="break-words font-medium">{team.name}</span>
                <span className="text-muted-foreground text-xs">{team.role}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
