import * as m from "./messages";

/**
 * Page titles: `{page} | {app}` (a message: a language may order them
 * otherwise), the index page is the app name alone, routes without a title
 * fall back to their last path segment.
 */

/**
 * A route's page title, in its `handle`: a function that words it when the
 * page renders, in its language (`() => m.someTitle()`), of the query for a
 * route whose query makes another page of it (`/login?mode=signup`); or a
 * string that has no words (`""`: the app name alone).
 */
export type PageTitle = string | ((search: URLSearchParams) => string);

/** `/account-settings` → `Account Settings`; `/` → `""`. */
export function titleFromPath(pathname: string): string {
  const segment = pathname.split("/").filter(Boolean).at(-1) ?? "";
  let decoded = segment;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    // A malformed escape stays as it is: a title is no place to fail.
  }
  return decoded
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

/** The document title for a page title (empty: the app name alone). */
export function formatTitle(pageTitle: string, appName: string): string {
  return pageTitle ? m.documentTitle({ page: pageTitle, app: appName }) : appName;
}

/** The page title of an error page: `404 - Page Not Found`. */
export function errorPageTitle(status: number, message: string): string {
  return m.errorPageTitle({ status, message });
}
