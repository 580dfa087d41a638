import { createContext, type ReactElement, useContext } from "react";

/** Renders `part` to HTML, or reuses the HTML rendered before under the same `key`. */
export type ServerMarkup = (key: string, part: () => ReactElement) => string;

const ServerMarkupContext = createContext<ServerMarkup | undefined>(undefined);

/** Set by `entry.server.tsx` around the server render (app/server/render/server-markup.server.ts). */
export const ServerMarkupProvider = ServerMarkupContext.Provider;

/**
 * A part of the page rendered on the server only and then reused: the same
 * HTML for every request with the same `key` (which must name everything the
 * part shows: its language, its page), and no script of its own. The server
 * writes it as a string instead of rendering its elements on every request.
 * Server render only: the browser keeps the server's markup (see the language switch).
 */
export function useServerMarkup(key: string, part: () => ReactElement): string {
  const render = useContext(ServerMarkupContext);
  if (!render) throw new Error("useServerMarkup: no ServerMarkupProvider (entry.server.tsx sets one)");
  return render(key, part);
}
