import { isRouteErrorResponse, useLocation } from "react-router";
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { useSession } from "~/components/use-session";
import { errorPageTitle } from "~/lib/title";
import LayoutDashboardIcon from "~icons/lucide/layout-dashboard";
import { ErrorScreen, homeIcon, reloadIcon } from "./error-screen";

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

/** What a visitor can do about a client error; a server error offers "Try again" instead. */
function hintFor(status: number): string | undefined {
  if (status === 404) return "The address may be mistyped, or the page has moved.";
  if (status === 429) return "Please wait a moment before trying again.";
  return undefined;
}

function messageFor(status: number, title: string, pathname: string): string {
  if (status === 404) return `${NOT_FOUND}: ${pathname}`;
  if (status === 503) return "The service is briefly unavailable. Please try again in a moment.";
  return title;
}

/** A thrown response or error as its status page: a 4xx says which, a 5xx offers to try again. */
export function HttpErrorScreen({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const signedIn = useSession() !== null;
  const { status, title } = errorTitleOf(error);
  return (
    <ErrorScreen
      eyebrow={`Error ${status}`}
      title={title}
      message={messageFor(status, title, pathname)}
      documentTitle={errorPageTitle(status, title)}
      hint={hintFor(status)}
      showRequestId={status >= 500}
      details={import.meta.env.DEV && error instanceof Error ? error.stack : undefined}
      actions={
        <>
          <Button asChild>
            {signedIn ? (
              <PreloadLink to="/dashboard">
                <LayoutDashboardIcon />
                Go to your dashboard
              </PreloadLink>
            ) : (
              <PreloadLink to="/">
                {homeIcon}
                Back to home
              </PreloadLink>
            )}
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
