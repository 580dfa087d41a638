import { useLocation, useMatches } from "react-router";
import { DEFAULT_APP_NAME } from "~/lib/constants";
import { formatTitle, type PageTitle, titleFromPath } from "~/lib/title";
import * as m from "./messages";
import { useAppName } from "./use-session";

/**
 * The document title, from the deepest route's `handle.title`
 * (a string, or a function of the query),
 * else the last path segment. One component instead of a `meta` per route,
 * because React Router shows each route's `meta` only the matches above it.
 * React 19 hoists this `<title>` into `<head>`.
 */
export function DocumentTitle({ pageTitle }: { pageTitle?: string }) {
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const appName = useAppName() ?? DEFAULT_APP_NAME;
  const fromHandle = matches
    .map((match) => (match.handle as { title?: PageTitle } | undefined)?.title)
    .findLast((title) => title !== undefined);
  const handleTitle = typeof fromHandle === "function" ? fromHandle(new URLSearchParams(search)) : fromHandle;
  return <title>{formatTitle(pageTitle ?? handleTitle ?? titleFromPath(pathname), appName)}</title>;
}

/** A route's `handle.description`: a string, or a message, called when the page renders (in its language). */
type PageDescription = string | (() => string);

/**
 * The page's `<meta name="description">`: the deepest route's `handle.description`,
 * else what search results and link previews say about the app.
 */
export function usePageDescription(): string {
  const fromHandle = useMatches()
    .map((match) => (match.handle as { description?: PageDescription } | undefined)?.description)
    .findLast((description) => description !== undefined);
  const description = typeof fromHandle === "function" ? fromHandle() : fromHandle;
  return description ?? m.appDescription();
}
