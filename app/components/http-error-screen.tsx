import { isRouteErrorResponse, useLocation } from "react-router";
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { useSession } from "~/components/use-session";
import { errorPageTitle } from "~/lib/title";
import LayoutDashboardIcon from "~icons/lucide/layout-dashboard";
import { ErrorScreen, homeIcon, reloadIcon } from "./error-screen";
import * as m from "./messages";

/**
 * Reason phrases for the client errors the app itself answers with: messages,
 * called when the page renders (in its language).
 */
const CLIENT_ERRORS: Record<number, () => string> = {
  400: m.errorBadRequest,
  401: m.errorUnauthorized,
  403: m.errorForbidden,
  404: m.errorNotFound,
  405: m.errorMethodNotAllowed,
  413: m.errorPayloadTooLarge,
  415: m.errorUnsupportedMediaType,
  429: m.errorTooManyRequests,
};

/**
 * Status and title of any thrown value: its own 4xx, else a 5xx "Internal Server Error".
 * Another 4xx keeps the reason phrase it was thrown with (in English: HTTP's own words).
 */
function errorTitleOf(error: unknown): { status: number; title: string } {
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    return {
      status: error.status,
      title: CLIENT_ERRORS[error.status]?.() ?? (error.statusText || m.errorBadRequest()),
    };
  }
  if (isRouteErrorResponse(error) && error.status >= 500)
    return { status: error.status, title: m.errorServer() };
  return { status: 500, title: m.errorServer() };
}

/** What a visitor can do about a client error; a server error offers "Try again" instead. */
function hintFor(status: number): string | undefined {
  if (status === 404) return m.errorHintNotFound();
  if (status === 429) return m.errorHintTooManyRequests();
  return undefined;
}

function messageFor(status: number, title: string, pathname: string): string {
  if (status === 404) return m.errorNotFoundAt({ path: pathname });
  if (status === 503) return m.errorServiceUnavailable();
  return title;
}

/** A thrown response or error as its status page: a 4xx says which, a 5xx offers to try again. */
export function HttpErrorScreen({ error }: { error: unknown }) {
  const { pathname } = useLocation();
  const signedIn = useSession() !== null;
  const { status, title } = errorTitleOf(error);
  return (
    <ErrorScreen
      eyebrow={m.errorEyebrow({ status })}
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
                {m.goToYourDashboard()}
              </PreloadLink>
            ) : (
              <PreloadLink to="/">
                {homeIcon}
                {m.backToHome()}
              </PreloadLink>
            )}
          </Button>
          {status >= 500 ? (
            <Button variant="outline" onClick={() => window.location.reload()}>
              {reloadIcon}
              {m.tryAgain()}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
