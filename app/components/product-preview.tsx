import { ThisDeviceBadge } from "~/components/this-device-badge";
import LaptopIcon from "~icons/lucide/laptop";
import MailCheckIcon from "~icons/lucide/mail-check";
import MonitorIcon from "~icons/lucide/monitor";
import SmartphoneIcon from "~icons/lucide/smartphone";
import * as m from "./messages";

/** Sessions as the dashboard lists them, for the picture on the landing page; their words are messages, called when it renders. */
const previewSessions = [
  {
    id: "chrome",
    icon: LaptopIcon,
    browser: m.previewChromeMac,
    where: m.previewSignedInToday,
    current: true,
  },
  {
    id: "safari",
    icon: SmartphoneIcon,
    browser: m.previewSafariIos,
    where: m.previewLastActiveYesterday,
    current: false,
  },
  {
    id: "firefox",
    icon: MonitorIcon,
    browser: m.previewFirefoxWindows,
    where: m.previewLastActiveWeeksAgo,
    current: false,
  },
];

/**
 * A picture of the dashboard, drawn with the app's own styles (crisp at any
 * size, in both colour modes, no image to download): the sessions list and
 * a sign-in alert. One image to assistive technology, described in words.
 */
export function ProductPreview() {
  return (
    <div
      role="img"
      aria-label={m.previewDescription()}
      className="relative mx-auto w-full max-w-md select-none sm:mb-14 lg:max-w-none"
    >
      <div className="rounded-xl border bg-card p-5 text-card-foreground shadow-xl">
        <div className="flex items-center justify-between">
          <p className="font-semibold">{m.activeSessions()}</p>
          <span className="rounded-md border px-2.5 py-1 text-muted-foreground text-xs">
            {m.signOutEverywhereElse()}
          </span>
        </div>
        <ul className="mt-4 divide-y rounded-lg border">
          {previewSessions.map((session) => (
            <li key={session.id} className="flex items-center gap-3 px-3 py-2.5">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
                <session.icon className="size-4" />
              </span>
              <span className="min-w-0 flex-1 text-sm">
                <span className="flex items-center gap-2 font-medium">
                  {session.browser()}
                  {session.current ? <ThisDeviceBadge /> : null}
                </span>
                <span className="block text-muted-foreground text-xs">{session.where()}</span>
              </span>
              {session.current ? null : (
                <span className="rounded-md border px-2.5 py-1 text-xs">{m.signOut()}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
      <div className="relative mt-3 flex items-start gap-3 rounded-lg border bg-background p-3 shadow-lg sm:absolute sm:-end-4 sm:-bottom-14 sm:mt-0 sm:w-80">
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
          <MailCheckIcon className="size-4" />
        </span>
        <span className="text-xs leading-relaxed">
          <span className="block font-medium text-sm">{m.previewAlertTitle()}</span>
          <span className="text-muted-foreground">{m.previewAlertText()}</span>
        </span>
      </div>
    </div>
  );
}
