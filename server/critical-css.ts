import { readFile } from "node:fs/promises";

/**
 * The critical CSS of each page rendered once per process (sign-in, forgot
 * password): the rules its own HTML uses, picked at build time by beasties
 * (vite/critical-css.ts, which also gives the prerendered landing page its
 * own in its file) and written to `critical-css.json` next to the server
 * build. Read at start; a build without the file serves those pages with the
 * stylesheet in the head.
 */
export const CRITICAL_CSS_FILE = "critical-css.json";

export async function readCriticalCss(file: URL): Promise<Map<string, string>> {
  try {
    return new Map(Object.entries(JSON.parse(await readFile(file, "utf8")) as Record<string, string>));
  } catch {
    return new Map();
  }
}

const HEAD_STYLESHEETS = /<link rel="stylesheet"[^>]*>/g;

/**
 * The page painted from its own rules: the critical CSS inline in the head,
 * and the full stylesheet moved to the end of the body, where Chromium,
 * Firefox and Safari fetch it without holding back the paint of what comes
 * before it. Without JavaScript the page still gets every rule. Returns the
 * HTML unchanged if its head has no stylesheet.
 */
export function withCriticalCss(html: string, css: string): string {
  const headEnd = html.indexOf("</head>");
  const bodyEnd = html.lastIndexOf("</body>");
  if (headEnd < 0 || bodyEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const links = head.match(HEAD_STYLESHEETS);
  if (!links) return html;
  // The inline rules take the first stylesheet's place, so the cascade keeps its order.
  const [first] = links;
  const inlined = head.replace(HEAD_STYLESHEETS, (link) => (link === first ? `<style>${css}</style>` : ""));
  return `${inlined}${html.slice(headEnd, bodyEnd)}${links.join("")}${html.slice(bodyEnd)}`;
}
