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
import { rich } from "~/i18n/rich";
import type { AccountDetails } from "./accounts";
import { Fact, FactBadge } from "./console-parts";
import * as m from "./messages";

type Details = { details: AccountDetails };

export function AccountOverviewCard({ details: { account } }: Details) {
  const { lastSignIn, suspension } = account;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.account()}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <Fact term={m.email()}>
            <span className="me-2 break-all">{account.email}</span>
            <FactBadge on={account.emailVerified} yes={m.verified()} no={m.notVerified()} />
          </Fact>
          <Fact term={m.created()}>
            <LocalTime value={account.createdAt} />
          </Fact>
          <Fact term={m.lastSignIn()}>
            {lastSignIn ? (
              <>
                <LocalTime value={lastSignIn.at} />
                <span className="text-muted-foreground">
                  {lastSignIn.from === "activity" ? m.lastSignInFromActivity() : m.lastSignInFromSession()}
                </span>
              </>
            ) : (
              m.never()
            )}
          </Fact>
          <Fact term={m.administrator()}>
            {account.listed ? m.listedAdministrator() : account.isAdmin ? m.consoleAdministrator() : m.no()}
          </Fact>
          <Fact term={m.suspension()}>
            {suspension ? (
              <span className="text-destructive-text">
                {rich(
                  m.suspensionFact({
                    until: suspension.until ? "yes" : "no",
                    reason: suspension.reason ? "yes" : "no",
                  }),
                  {
                    time: () => (suspension.until ? <LocalTime value={suspension.until} /> : null),
                    // The administrator's own words, outside the message.
                    reason: () => suspension.reason,
                  },
                )}
              </span>
            ) : (
              m.notSuspendedFact()
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
        <CardTitle>{m.sessions()}</CardTitle>
        <CardDescription>{m.sessionsDescription()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.length === 0 ? (
          <p className="text-muted-foreground text-sm">{m.noSession()}</p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={m.sessions()}>
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
                      {rich(m.sessionSignedIn({ ip: session.ip ?? m.unknownIp() }), {
                        time: () => <LocalTime value={session.createdAt} />,
                      })}
                    </p>
                    <p className="text-muted-foreground text-xs">
                      {rich(m.sessionLastActive(), {
                        time: () => <LocalTime value={session.lastActiveAt} />,
                      })}
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
        <CardTitle>{m.signInMethods()}</CardTitle>
        <CardDescription>{m.signInMethodsDescription()}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <Fact term={m.password()}>{methods.password ? m.passwordSet() : m.passwordNone()}</Fact>
          <Fact term={m.providers()}>
            {methods.providers.length === 0
              ? m.providersNone()
              : methods.providers.map((provider) => (
                  <span key={provider.name} className="block">
                    {rich(m.providerLinked({ provider: provider.name }), {
                      muted: (text) => <span className="text-muted-foreground">{text}</span>,
                      time: () => <LocalTime value={provider.linkedAt} style="date" />,
                    })}
                  </span>
                ))}
          </Fact>
          <Fact term={m.twoStepSignIn()}>
            {methods.secondFactors.length === 0
              ? m.off()
              : m.twoStepOnWith({ factors: methods.secondFactors.join(", ") })}
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
        <CardTitle>{m.teams()}</CardTitle>
      </CardHeader>
      <CardContent>
        {teams.length === 0 ? (
          <p className="text-muted-foreground text-sm">{m.inNoTeam()}</p>
        ) : (
          <ul className="divide-y rounded-lg border text-sm" aria-label={m.teams()}>
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
