import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "react-router";
import { DocumentTitle } from "~/components/document-title";
import { ErrorPage } from "~/components/error-page";
import { NavigationProgress } from "~/components/navigation-progress";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useBrowserSession } from "~/components/use-browser-session";
import { useApplyForcedColorMode, useForcedColorMode } from "~/components/use-forced-color-mode";
import { servicesContext, sessionContext } from "~/server/context.server";
import { getEnv } from "~/server/env.server";
import { loadSession } from "~/server/guards.server";
import { colorModeScript } from "~/shell/color-mode-script";
import { waitForRepaint } from "~/shell/repaint";
import type { Route } from "./+types/root";
import stylesheet from "./styles/tailwind.css?url";

export const middleware = [loadSession];

/** Before each client navigation does its work, let the browser paint the click (SPEC §6). */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    await waitForRepaint();
    return next();
  },
];

export function loader({ context }: Route.LoaderArgs) {
  return {
    session: context.get(sessionContext),
    // Prerendering at build time has no HTTP edge: the build's own environment names the app.
    appName: (context.get(servicesContext)?.env ?? getEnv()).APP_NAME,
  };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function Layout({ children }: { children: React.ReactNode }) {
  const forcedColorMode = useForcedColorMode();
  return (
    <html lang="en" data-color-mode-forced={forcedColorMode ?? undefined} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user input */}
        <script dangerouslySetInnerHTML={{ __html: colorModeScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { session } = useLoaderData<typeof loader>();
  useBrowserSession(session);
  useApplyForcedColorMode();
  return (
    <div data-app-shell className="flex min-h-dvh flex-col">
      <DocumentTitle />
      <NavigationProgress />
      <SiteHeader />
      <main className="flex flex-1 flex-col">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
