import type { ReactNode } from "react";
import KeyRoundIcon from "~icons/lucide/key-round";
import MailCheckIcon from "~icons/lucide/mail-check";
import MonitorSmartphoneIcon from "~icons/lucide/monitor-smartphone";
import * as m from "./messages";

const highlights = [
  {
    id: "devices",
    icon: MonitorSmartphoneIcon,
    text: m.highlightDevices,
  },
  {
    id: "sign-in",
    icon: KeyRoundIcon,
    text: m.highlightSignIn,
  },
  {
    id: "mails",
    icon: MailCheckIcon,
    text: m.highlightMails,
  },
];

/** The wide-screen panel beside the form: what an account here gives you. */
function AccountHighlights() {
  return (
    <aside className="relative hidden overflow-hidden border-e bg-brand-panel text-brand-panel-foreground lg:flex lg:flex-col lg:justify-center lg:px-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(80%_60%_at_0%_0%,rgb(255_255_255/0.14),transparent),radial-gradient(60%_50%_at_100%_100%,rgb(0_0_0/0.25),transparent)]"
      />
      <div className="relative max-w-md">
        <p className="font-semibold text-3xl leading-tight tracking-tight">{m.keptSafeByDefault()}</p>
        <ul className="mt-8 grid gap-5">
          {highlights.map((item) => (
            <li key={item.id} className="flex items-start gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-white/15">
                <item.icon className="size-4" />
              </span>
              <span className="pt-1 opacity-90">{item.text()}</span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/**
 * The layout of the guest pages (sign in, create account, forgot password,
 * check your inbox): the highlights panel on wide screens, then the page's
 * heading, a line under it, its card, and what goes below the card.
 */
export function AuthSplitLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="grid flex-1 lg:grid-cols-2">
      <AccountHighlights />
      <div className="flex items-center justify-center bg-muted/40 px-4 py-12 dark:bg-transparent">
        <div className="w-full max-w-sm">
          <div className="mb-8 text-center">
            <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
            <p className="mt-2 text-muted-foreground text-sm">{description}</p>
          </div>
          <div className="grid gap-5 rounded-xl border bg-card p-6 shadow-sm sm:p-8">{children}</div>
          {footer ? <div className="mt-6 text-center text-muted-foreground text-sm">{footer}</div> : null}
        </div>
      </div>
    </div>
  );
}
