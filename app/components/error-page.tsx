import { Suspense, useEffect } from "react";
import { useLocation } from "react-router";
import { PreloadLink } from "~/components/preload-link";
import { Button } from "~/components/ui/button";
import { serverHtmlForBot } from "~/shell/bot-fallback";
import { ChunkLoadError, reloadAtPath } from "~/shell/chunk-reload";
import { clientLazy } from "./client-lazy";
import { ErrorScreen, homeIcon, reloadIcon } from "./error-screen";
import * as m from "./messages";

/**
 * Code for the page could not be loaded, usually because a new
 * version was deployed, and an automatic reload was already tried. Every way
 * out is a full page load, which brings the new version.
 */
function ChunkErrorScreen({ path }: { path: string }) {
  return (
    <ErrorScreen
      eyebrow={m.chunkErrorEyebrow()}
      title={m.pageUnavailableTitle()}
      message={m.chunkErrorMessage()}
      documentTitle={m.chunkErrorDocumentTitle()}
      actions={
        <>
          <Button onClick={() => reloadAtPath(path, { force: true })}>
            {reloadIcon}
            {m.pageUnavailableReload()}
          </Button>
          <Button asChild variant="outline">
            <PreloadLink to="/" reloadDocument>
              {homeIcon}
              {m.backToHome()}
            </PreloadLink>
          </Button>
        </>
      }
    />
  );
}

/** The status pages' own code could not be loaded either: the same way out as for any page's code. */
function StatusCodeUnavailable() {
  const { pathname, search } = useLocation();
  return <ChunkErrorScreen path={pathname + search} />;
}

/** The 4xx / 5xx pages: their code reaches the browser the first time something goes wrong. */
const HttpErrorScreen = clientLazy(
  () => import("./http-error-screen").then((module) => module.HttpErrorScreen),
  StatusCodeUnavailable,
);

/**
 * The app's one error page. A crawler whose browser failed after the server
 * rendered a good page keeps that page instead.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const botHtml = serverHtmlForBot();
  useEffect(() => {
    if (botHtml) console.error("Kept the server-rendered page for a crawler after:", error);
  }, [botHtml, error]);
  if (botHtml) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: markup the server itself rendered for this page
    return <div className="contents" dangerouslySetInnerHTML={{ __html: botHtml }} />;
  }
  if (error instanceof ChunkLoadError) return <ChunkErrorScreen path={error.path} />;
  return (
    <Suspense>
      <HttpErrorScreen error={error} />
    </Suspense>
  );
}
