import { useEffect } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { errorPageTitle } from "~/lib/title";
import { serverHtmlForBot } from "~/shell/bot-fallback";
import { DocumentTitle } from "./document-title";
import { SiteHeader } from "./site-header";

const NOT_FOUND = "Page Not Found";
const SERVER_ERROR = "Internal Server Error";

/** Reason phrases for the client errors the app itself answers with. */
const CLIENT_ERRORS: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: NOT_FOUND,
  405: "Method Not Allowed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
};

/** Status and title of any thrown value: its own 4xx, else a 5xx "Internal Server Error". */
function errorTitleOf(error: unknown): { status: number; title: string } {
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    return {
      status: error.status,
      title: CLIENT_ERRORS[error.status] ?? (error.statusText || "Bad Request"),
    };
  }
  if (isRouteErrorResponse(error) && error.status >= 500)
    return { status: error.status, title: SERVER_ERROR };
  return { status: 500, title: SERVER_ERROR };
}

/**
 * The app's one error page. A crawler whose browser failed after the server
 * rendered a good page keeps that page instead (SPEC §1).
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const botHtml = serverHtmlForBot();
  useEffect(() => {
    if (botHtml) console.error("Kept the server-rendered page for a crawler after:", error);
  }, [botHtml, error]);
  if (botHtml) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: markup the server itself rendered for this page
    return <div className="contents" dangerouslySetInnerHTML={{ __html: botHtml }} />;
  }

  const { status, title } = errorTitleOf(error);
  const message = status === 404 ? `${NOT_FOUND}: ${pathname}` : title;
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <div data-error-page className="flex min-h-dvh flex-col">
      <DocumentTitle pageTitle={errorPageTitle(status, title)} />
      <SiteHeader />
      <main className="flex flex-1 items-center justify-center px-6 py-16">
        <div className="w-full max-w-lg text-center">
          <p className="font-semibold text-primary text-sm tracking-wide">Error {status}</p>
          <h1 className="mt-3 font-bold text-4xl tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 break-words text-muted-foreground" data-testid="error-message">
            {message}
          </p>
          <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
            <Button asChild>
              <PreloadLink to="/">
                <span className="icon-[lucide--house]" aria-hidden="true" />
                Back to home
              </PreloadLink>
            </Button>
            {status >= 500 ? (
              <Button variant="outline" onClick={() => window.location.reload()}>
                <span className="icon-[lucide--rotate-cw]" aria-hidden="true" />
                Try again
              </Button>
            ) : null}
          </div>
          {stack ? (
            <pre className="mt-8 overflow-auto rounded-md bg-muted p-4 text-left text-xs">{stack}</pre>
          ) : null}
        </div>
      </main>
    </div>
  );
}
