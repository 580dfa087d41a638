import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData, useLocation } from "react-router";
import { DocumentTitle } from "~/components/document-title";
import { ErrorPage } from "~/components/error-page";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { servicesContext, sessionContext } from "~/server/context.server";
import { loadSession } from "~/server/guards.server";
import { startBuildWatcher } from "~/shell/build-watcher";
import { useChunkLoadFailure } from "~/shell/chunk-reload";
import { colorModeScript } from "~/shell/color-mode-script";
import { sessionStore } from "~/shell/session-store";
import { useMountedToaster } from "~/shell/toast";
import type { Route } from "./+types/root";
import stylesheet from "./styles/tailwind.css?url";

export const middleware = [loadSession];

export function loader({ context }: Route.LoaderArgs) {
  const { env } = context.get(servicesContext);
  return {
    session: context.get(sessionContext),
    appName: env.APP_NAME,
    buildPollIntervalMs: env.BUILD_POLL_INTERVAL_MS,
  };
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function Layout({ children }: { children: React.ReactNode }) {
  const Toaster = useMountedToaster();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Which build rendered this page: for support, and compared with /_app/builds/latest.json. */}
        <meta name="build-id" content={import.meta.env.BUILD_ID} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user input */}
        <script dangerouslySetInnerHTML={{ __html: colorModeScript }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {Toaster ? <Toaster /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { session, buildPollIntervalMs } = useLoaderData<typeof loader>();
  // Keep the browser's session store in step with what the server said.
  useEffect(() => sessionStore.seed(session ?? {}), [session]);
  useEffect(
    () => startBuildWatcher({ ownId: import.meta.env.BUILD_ID, intervalMs: buildPollIntervalMs }),
    [buildPollIntervalMs],
  );
  const chunkFailure = useChunkLoadFailure(useLocation().key);
  if (chunkFailure) return <ErrorPage error={chunkFailure} />;
  return (
    <div data-app-shell className="flex min-h-dvh flex-col">
      <DocumentTitle />
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
