import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { ServerMarkup } from "~/components/server-markup";

/** How many parts' HTML is kept: a key names a page, and pages with a query are many. */
const KEPT = 500;

/**
 * `useServerMarkup`'s renderer for the server's pages: each key's HTML is
 * rendered once (a plain render to markup, no hydration data) and kept, the
 * oldest dropped past `KEPT`, so a stream of made-up queries costs renders,
 * never memory.
 */
export function serverMarkupCache(kept = KEPT): ServerMarkup {
  const rendered = new Map<string, string>();
  return (key: string, part: () => ReactElement) => {
    let html = rendered.get(key);
    if (html === undefined) {
      html = renderToStaticMarkup(part());
      if (rendered.size >= kept) rendered.delete(rendered.keys().next().value as string);
      rendered.set(key, html);
    }
    return html;
  };
}
