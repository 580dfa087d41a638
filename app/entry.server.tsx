import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { RequestInfoProvider } from "~/components/request-info";
import { ServerMarkupProvider } from "~/components/server-markup";
import { requestInfoContext } from "~/server/context.server";
import { documentBody } from "~/server/render/document-body.server";
import { serverMarkupCache } from "~/server/render/server-markup.server";

export const streamTimeout = 5_000;

/** Parts rendered once and reused across requests (`useServerMarkup`): the language switch. */
const serverMarkup = serverMarkupCache();

/**
 * React Router's default Node entry, plus four things: every inline script
 * the render emits carries the response's CSP nonce, the page knows its
 * request id, and the head carries no script preloads (the first paint waits
 * for nothing but the HTML and the stylesheet). Parts that are the same on
 * every request are rendered once (`useServerMarkup`). Bots (and the build's
 * prerender) get the whole document at once.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const info = loadContext.get(requestInfoContext) ?? undefined;
  const userAgent = request.headers.get("user-agent");
  const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const ready = () => {
      shellRendered = true;
      const { sink, body } = documentBody(() => {
        clearTimeout(timeout);
        timeout = undefined;
      });
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // A visitor who leaves cancels the body, which destroys the sink: React stops rendering.
      pipe(sink);
      resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
    };
    const { pipe, abort } = renderToPipeableStream(
      <RequestInfoProvider value={info ?? {}}>
        <ServerMarkupProvider value={serverMarkup}>
          <ServerRouter context={routerContext} url={request.url} nonce={info?.nonce} />
        </ServerMarkupProvider>
      </RequestInfoProvider>,
      {
        nonce: info?.nonce,
        ...(waitForAll ? { onAllReady: ready } : { onShellReady: ready }),
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject and are logged by handleError.
          if (shellRendered) logServerError(error, loadContext);
        },
      },
    );
  });
}

/** Logs errors React Router caught in loaders, actions and renders, with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return; // The visitor left; nothing went wrong here.
  if (isIntendedAnswer(error)) return; // A `data(…, { status: 404 })` an action threw: its answer, not a fault.
  logServerError(error, context);
};

/** A 4xx a loader or action threw on purpose (`throw data(…, { status })`, a Response, an error response). */
function isIntendedAnswer(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status < 500;
  if (error instanceof Response) return error.status < 500;
  const thrown = error as { type?: unknown; init?: { status?: number } } | null;
  return thrown?.type === "DataWithResponseInit" && (thrown.init?.status ?? 500) < 500;
}

function logServerError(error: unknown, context: Readonly<RouterContextProvider>) {
  const requestId = context.get(requestInfoContext)?.requestId;
  const detail = error instanceof Error ? { err: error.message, stack: error.stack } : { err: String(error) };
  // One JSON line of its own, the shape of the request log's (`server/request-log.ts`).
  process.stdout.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "render failed", requestId, ...detail })}\n`,
  );
}
