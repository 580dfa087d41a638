import { type ReactNode, useEffect } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { PreloadLink } from "~/components/preload-link";
import { useRequestInfo } from "~/components/request-info";
import { Button } from "~/components/ui/button";
import { errorPageTitle } from "~/lib/title";
import { serverHtmlForBot } from "~/shell/bot-fallback";
import { ChunkLoadError, reloadAtPath } from "~/shell/chunk-reload";
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

type ErrorScreenProps = {
  eyebrow: string;
  title: string;
  message: string;
  documentTitle: string;
  actions: ReactNode;
  details?: string;
};

function ErrorScreen({ eyebrow, title, message, documentTitle, actions, details }: ErrorScreenProps) {
  const { requestId } = useRequestInfo();
  return (
    <div data-error-page className="flex min-h-dvh flex-col">
      <DocumentTitle pageTitle={documentTitle} />
      <SiteHeader />
      <main className="flex flex-1 items-center justify-center px-6 py-16">
        <div className="w-full max-w-lg text-center">
          <p className="font-semibold text-primary text-sm tracking-wide">{eyebrow}</p>
          <h1 className="mt-3 font-bold text-4xl tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 break-words text-muted-foreground" data-testid="error-message">
            {message}
          </p>
          <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>
          {requestId ? (
            <p className="mt-8 text-muted-foreground text-xs">
              Request ID: <code className="select-all font-mono">{requestId}</code>
            </p>
          ) : null}
          {details ? (
            <pre className="mt-8 overflow-auto rounded-md bg-muted p-4 text-left text-xs">{details}</pre>
          ) : null}
        </div>
      </main>
    </div>
  );
}

function messageFor(status: number, title: string, pathname: string): string {
  if (status === 404) return `${NOT_FOUND}: ${pathname}`;
  if (status === 503) return "The service is briefly unavailable. Please try again in a moment.";
  return title;
}

const homeIcon = <span className="icon-[lucide--house]" aria-hidden="true" />;
const reloadIcon = <span className="icon-[lucide--rotate-cw]" aria-hidden="true" />;

/**
 * Code for the page could not be loaded (SPEC §6), usually because a new
 * version was deployed, and an automatic reload was already tried. Every way
 * out is a full page load, which brings the new version.
 */
function ChunkErrorScreen({ error }: { error: ChunkLoadError }) {
  return (
    <ErrorScreen
      eyebrow="Loading failed"
      title="This page could not be loaded"
      message="A new version of the app may have been released, or the connection dropped. Reload to get the latest version."
      documentTitle="Page could not be loaded"
      actions={
        <>
          <Button onClick={() => reloadAtPath(error.path, { force: true })}>
            {reloadIcon}
            Reload
          </Button>
          <Button asChild variant="outline">
            <PreloadLink to="/" reloadDocument>
              {homeIcon}
              Back to home
            </PreloadLink>
          </Button>
        </>
      }
    />
  );
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
  if (error instanceof ChunkLoadError) return <ChunkErrorScreen error={error} />;

  const { status, title } = errorTitleOf(error);
  return (
    <ErrorScreen
      eyebrow={`Error ${status}`}
      title={title}
      message={messageFor(status, title, pathname)}
      documentTitle={errorPageTitle(status, title)}
      details={import.meta.env.DEV && error instanceof Error ? error.stack : undefined}
      actions={
        <>
          <Button asChild>
            <PreloadLink to="/">
              {homeIcon}
              Back to home
            </PreloadLink>
          </Button>
          {status >= 500 ? (
            <Button variant="outline" onClick={() => window.location.reload()}>
              {reloadIcon}
              Try again
            </Button>
          ) : null}
        </>
      }
    />
  );
}
