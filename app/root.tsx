import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { Suspense, useEffect } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { clientLazy } from "~/components/client-lazy";
import { DocumentTitle, usePageDescription } from "~/components/document-title";
import * as m from "~/components/messages";
import { MAIN_ID, NavigationFocus, SkipLink } from "~/components/navigation-focus";
import { NavigationProgress } from "~/components/navigation-progress";
import { useRequestInfo } from "~/components/request-info";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { useBrowserSession } from "~/components/use-browser-session";
import { useApplyForcedColorMode, useForcedColorMode } from "~/components/use-forced-color-mode";
import { everyPageParts } from "~/features/every-page";
import { directionOf, locale } from "~/i18n/runtime";
import { BRAND_COLORS } from "~/lib/constants";
import type { SignedInSession } from "~/lib/session";
import { servicesContext, sessionContext } from "~/server/context.server";
import { getEnv } from "~/server/env.server";
import { loadSession } from "~/server/session/guards.server";
import { isImpersonatedSession, toSignedInSession } from "~/server/session/session.server";
import { markHydrated, startAfterHydration } from "~/shell/after-hydration";
import { startBuildWatcher } from "~/shell/build-watcher";
import { useChunkLoadFailure } from "~/shell/chunk-reload";
import { colorModeScript } from "~/shell/color-mode-script";
import { waitForRepaint } from "~/shell/repaint";
import { useMountedToaster } from "~/shell/toast";
import type { Route } from "./+types/root";
import stylesheet from "./styles/tailwind.css?url";

export const middleware = [loadSession];

const loadErrorPage = () => import("~/components/error-page").then((module) => module.ErrorPage);

/**
 * What shows when even the error page's code cannot be loaded (a deployment
 * removed it before this tab fetched it): a way to load the page again.
 */
function ErrorPageUnavailable() {
  return (
    <main className="p-8 text-center">
      <h1 className="font-bold text-2xl">{m.pageUnavailableTitle()}</h1>
      <button type="button" className="mt-4 text-primary underline" onClick={() => window.location.reload()}>
        {m.pageUnavailableReload()}
      </button>
    </main>
  );
}

/**
 * The error page: its code comes with a page that shows it, and otherwise
 * in idle time after hydration, so that it is at hand when a page's code
 * fails to load after a deployment.
 */
const ErrorPage = clientLazy(loadErrorPage, ErrorPageUnavailable);

/** Before each client navigation does its work, let the browser paint the click. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    await waitForRepaint();
    return next();
  },
];

export function loader({ context }: Route.LoaderArgs) {
  // Prerendering at build time has no HTTP edge: the build's own environment applies.
  const env = context.get(servicesContext)?.env ?? getEnv();
  return {
    session: toSignedInSession(context.get(sessionContext)),
    // An administrator signed in as the person (the admin console's support sign-in): every page says so.
    supportSignIn: isImpersonatedSession(context.get(sessionContext)),
    appName: env.APP_NAME,
    buildPollIntervalMs: env.BUILD_POLL_INTERVAL_MS,
  };
}

export const links: Route.LinksFunction = () => [
  // A precedence makes React put the stylesheet at the top of <head>, before the
  // script preloads: the one file the first paint waits for is fetched first.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  // Icons made at build time from app/brand/logo.svg (vite/app-icons.ts); the SVG follows the colour mode.
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  // The typeface's Latin subset, which every page uses: fetched with the stylesheet, not after it.
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const forcedColorMode = useForcedColorMode();
  const Toaster = useMountedToaster();
  const { nonce, requestId } = useRequestInfo();
  const description = usePageDescription();
  const lang = locale();
  return (
    <html
      lang={lang}
      dir={directionOf(lang)}
      data-color-mode-forced={forcedColorMode ?? undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="description" content={description} />
        <meta name="theme-color" media="(prefers-color-scheme: light)" content={BRAND_COLORS.background} />
        <meta name="theme-color" media="(prefers-color-scheme: dark)" content={BRAND_COLORS.darkBackground} />
        {/* Which build rendered this page: for support, and compared with /_app/builds/latest.json. */}
        <meta name="build-id" content={import.meta.env.BUILD_ID} />
        {requestId ? <meta name="request-id" content={requestId} /> : null}
        <script
          nonce={nonce}
          suppressHydrationWarning
          // The browser already ran it by hydration time: its text stays out of the JavaScript bundle.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script, no user input
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? colorModeScript : "" }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {Toaster ? <Toaster /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { session, supportSignIn, buildPollIntervalMs } = useLoaderData<typeof loader>();
  useBrowserSession(session);
  useApplyForcedColorMode();
  // The root's first effect runs once the page is hydrated: what waits for that may start.
  useEffect(markHydrated, []);
  useEffect(() => startAfterHydration(loadErrorPage, () => undefined), []);
  useEffect(
    () => startBuildWatcher({ ownId: import.meta.env.BUILD_ID, intervalMs: buildPollIntervalMs }),
    [buildPollIntervalMs],
  );
  const navigating = useNavigation().state !== "idle";
  const chunkFailure = useChunkLoadFailure(useLocation().key);
  const everyPage = <EveryPageParts session={session} supportSignIn={supportSignIn} />;
  if (chunkFailure) {
    return (
      <>
        <Suspense>
          <ErrorPage error={chunkFailure} />
        </Suspense>
        {everyPage}
      </>
    );
  }
  return (
    <div data-app-shell className="flex min-h-dvh flex-col">
      {everyPage}
      <DocumentTitle />
      <SkipLink />
      <NavigationFocus />
      <NavigationProgress />
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col" aria-busy={navigating || undefined}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // An error page opened first is hydrated too: without this mark, what waits for hydration
  // (the colour mode following the system, the session shared with other tabs) never started.
  useEffect(markHydrated, []);
  // The root's data, when its loader answered (a page's own error): the features' parts show
  // on error pages too (the banner of a support sign-in on a `403`, say).
  const root = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      {root ? <EveryPageParts session={root.session} supportSignIn={root.supportSignIn} /> : null}
      <Suspense>
        <ErrorPage error={error} />
      </Suspense>
    </>
  );
}

/** What the listed features render on every page (app/features/every-page.ts). */
function EveryPageParts({
  session,
  supportSignIn,
}: {
  session: SignedInSession | null;
  supportSignIn: boolean;
}) {
  const user = session?.user ?? null;
  return everyPageParts().map((Part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the features' list never changes while the app runs.
    <Part key={index} signedIn={session !== null} user={user} supportSignIn={supportSignIn} />
  ));
}
