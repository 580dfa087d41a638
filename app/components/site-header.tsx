import { Suspense } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { DEFAULT_APP_NAME } from "~/lib/constants";
import LayersIcon from "~icons/lucide/layers";
import { clientLazy } from "./client-lazy";
import { ColorModeSwitch } from "./color-mode-switch";
import { LanguageSwitch } from "./language-switch";
import * as m from "./messages";
import { PreloadLink, PreloadNavLink } from "./preload-link";
import { useAppName, useSession } from "./use-session";

/** Signed in only: its code (and the avatar's) comes with the pages that show it, never to a guest. */
const AccountMenu = clientLazy(() => import("./account-menu").then((module) => module.AccountMenu));

/**
 * The header on every page: product name, navigation, and the account menu or `Sign in`.
 * On a phone (below `sm`) the name beside the logo is for screen readers only and the gaps are
 * tighter, so that a 360 px screen holds it all in the longer languages (German, the pseudo-locale).
 */
export function SiteHeader() {
  const session = useSession();
  const appName = useAppName() ?? DEFAULT_APP_NAME;
  // The sign-in page does not offer itself.
  const onSignInPage = useLocation().pathname === "/login";
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:gap-6 sm:px-6">
        <PreloadLink to="/" className="flex items-center gap-2 font-semibold tracking-tight">
          <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <LayersIcon className="size-4" />
          </span>
          <span translate="no" className="sr-only sm:not-sr-only">
            {appName}
          </span>
        </PreloadLink>
        <nav aria-label={m.mainNavigation()} className="flex items-center gap-1 text-sm">
          {session ? (
            <PreloadNavLink
              to="/dashboard"
              className={({ isActive }) =>
                cn(
                  "rounded-md px-2 py-1.5 text-muted-foreground transition-colors hover:text-foreground sm:px-3",
                  isActive && "bg-accent text-foreground",
                )
              }
            >
              {m.dashboard()}
            </PreloadNavLink>
          ) : null}
        </nav>
        <div className="ms-auto flex items-center gap-2">
          <LanguageSwitch />
          <ColorModeSwitch />
          {session ? (
            <Suspense>
              <AccountMenu user={session.user} />
            </Suspense>
          ) : onSignInPage ? null : (
            <Button asChild size="sm">
              <PreloadLink to="/login">{m.signIn()}</PreloadLink>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
