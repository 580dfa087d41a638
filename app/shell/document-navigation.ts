let requested = false;

/**
 * Makes every later click on an in-app link a full page load instead of a
 * client navigation: after a deployment (or a chunk that failed while the
 * visitor was typing), the next page they open comes from the new build.
 *
 * Why a click listener: React Router 8.4 has no public switch to turn a
 * client navigation into a document one (`<Link reloadDocument>` is per
 * link); `useBlocker` sees resolved targets but cannot tell a form
 * submission from a link and allows one blocker per app; the `navigate`
 * instrumentation sees unresolved relative targets. A link's `href`,
 * however, is already resolved, and following it is exactly what the
 * browser does without JavaScript. Form submissions are never touched, so
 * nothing a visitor typed is lost to this.
 */
export function requestDocumentNavigation(): void {
  if (requested) return;
  requested = true;
  // Capture phase on window: runs before React's listeners on the document,
  // and `preventDefault` makes React Router's <Link> leave the click alone.
  window.addEventListener("click", followLinkAsDocument, true);
}

function followLinkAsDocument(event: MouseEvent): void {
  const link = inAppLinkOf(event);
  if (!link) return;
  event.preventDefault();
  window.location.assign(link.href);
}

/** The same-origin link a plain left click would follow in this tab, if any. */
function inAppLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  if (link.origin !== window.location.origin) return null;
  // A jump within this page is no navigation to upgrade.
  const samePage = link.pathname === window.location.pathname && link.search === window.location.search;
  if (samePage && link.hash) return null;
  return link;
}
