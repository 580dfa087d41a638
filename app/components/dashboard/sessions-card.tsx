import type { IconComponent } from "~/components/icon-component";
import { LocalTime } from "~/components/local-time";
import * as m from "~/components/messages";
import { SignOutForm } from "~/components/sign-out-form";
import { SubmitButton } from "~/components/submit-button";
import { ThisDeviceBadge } from "~/components/this-device-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { rich } from "~/i18n/rich";
import type { SessionSummary } from "~/lib/dashboard";
import type { revokeOtherSessionsForm, revokeSessionForm } from "~/lib/dashboard-forms";
import LaptopIcon from "~icons/lucide/laptop";
import LogOutIcon from "~icons/lucide/log-out";
import MonitorSmartphoneIcon from "~icons/lucide/monitor-smartphone";
import SmartphoneIcon from "~icons/lucide/smartphone";
import TabletIcon from "~icons/lucide/tablet";
import { FormFeedback } from "./form-feedback";
import { useDashboardForm } from "./use-dashboard-form";

/** Each kind of device's icon: the sessions list's, and wherever else a session is shown (the admin console). */
export const DEVICE_ICONS: Record<SessionSummary["deviceType"], IconComponent> = {
  desktop: LaptopIcon,
  mobile: SmartphoneIcon,
  tablet: TabletIcon,
  unknown: MonitorSmartphoneIcon,
};

/** Every signed-in browser of this account; each other one can be signed out, or all at once. */
export function SessionsCard({ sessions }: { sessions: SessionSummary[] }) {
  const others = sessions.filter((session) => !session.current).length;
  const everywhere = useDashboardForm<typeof revokeOtherSessionsForm>("revoke-other-sessions");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{m.activeSessions()}</CardTitle>
        <CardDescription>{m.sessionsDescription()}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="divide-y rounded-lg border" aria-label={m.activeSessions()}>
          {sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
        {others === 0 ? (
          <p className="text-muted-foreground text-sm">{m.noOtherSessions()}</p>
        ) : (
          <everywhere.Form method="post" className="grid gap-3 sm:flex sm:items-center sm:justify-between">
            {everywhere.intentField}
            <p className="text-muted-foreground text-sm">{m.otherSessions({ count: others })}</p>
            <SubmitButton busy={everywhere.busy} variant="outline" icon={LogOutIcon}>
              {m.signOutEverywhereElse()}
            </SubmitButton>
          </everywhere.Form>
        )}
        <FormFeedback error={everywhere.error} notice={everywhere.notice} />
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: SessionSummary }) {
  const revoke = useDashboardForm<typeof revokeSessionForm>("revoke-session", session.id);
  const DeviceIcon = DEVICE_ICONS[session.deviceType];
  return (
    <li className="grid gap-3 px-4 py-3 sm:flex sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
          <DeviceIcon className="size-5" />
        </span>
        <div className="min-w-0 text-sm">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {session.browser}
            {session.current ? <ThisDeviceBadge /> : null}
          </p>
          <p className="text-muted-foreground text-xs">
            {rich(m.sessionSignedIn({ ip: session.ip ?? m.unknownIp() }), {
              time: () => <LocalTime value={session.createdAt} />,
            })}
          </p>
          <p className="text-muted-foreground text-xs">
            {session.current
              ? m.activeNow()
              : rich(m.lastActive(), { time: () => <LocalTime value={session.lastActiveAt} style="date" /> })}
          </p>
          {revoke.error ? (
            <div className="mt-2">
              <FormFeedback error={revoke.error} />
            </div>
          ) : null}
        </div>
      </div>
      {session.current ? (
        <SignOutForm className="sm:shrink-0">
          {(busy) => (
            <SubmitButton busy={busy} variant="outline" size="sm" icon={LogOutIcon}>
              {m.signOut()}
            </SubmitButton>
          )}
        </SignOutForm>
      ) : (
        <revoke.Form method="post" className="sm:shrink-0">
          {revoke.intentField}
          <input type="hidden" name={revoke.field("id")} value={session.id} />
          <SubmitButton
            busy={revoke.busy}
            variant="outline"
            size="sm"
            aria-label={
              session.ip === null
                ? m.revokeSessionFromUnknownIp({ browser: session.browser })
                : m.revokeSessionFrom({ browser: session.browser, ip: session.ip })
            }
          >
            {m.revoke()}
          </SubmitButton>
        </revoke.Form>
      )}
    </li>
  );
}
