/**
 * Crawlers, by user agent: the common bot names plus the usual words. The
 * server uses the full `isbot` list; the browser keeps this small.
 */
const CRAWLER = /bot\b|crawl|spider|slurp|chrome-lighthouse|facebookexternalhit|google\b/i;

let serverHtml: string | null = null;

/**
 * Crawlers should index the page the server rendered, not an error screen
 * caused by something that failed only in their browser (hydration, a
 * chunk, a render error). Called before hydration: remembers the server's
 * markup of the app shell when the visitor is a bot and the page is not
 * already an error page.
 */
export function rememberServerHtmlForBots(): void {
  if (!CRAWLER.test(navigator.userAgent)) return;
  serverHtml = document.querySelector("[data-app-shell]")?.outerHTML ?? null;
}

/** The server's markup to keep showing a bot after a browser-side error. */
export function serverHtmlForBot(): string | null {
  return serverHtml;
}
