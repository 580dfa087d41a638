import Icons from "unplugin-icons/vite";

/** The `<svg …>body</svg>` unplugin-icons hands a compiler. */
const SVG = /^<svg([^>]*)>([\s\S]*)<\/svg>$/;
const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;

/**
 * An icon as a React component drawing inline SVG. Each icon used to be a
 * CSS mask over an SVG data URL, and Chromium builds a whole SVG document
 * for every such image (a page of its own, about 7 ms each on our 2-core
 * machine, most of it before the first paint); inline SVG is part of the
 * page's DOM. The drawing is set as inner HTML: it comes from the installed
 * icon sets at build time, never from people. Decoration by default
 * (`aria-hidden`); pass `aria-hidden={false}`, `role="img"` and an
 * `aria-label` to make an icon an image with a name.
 */
export function inlineSvgComponent(svg: string): string {
  const [, attributeText = "", body = ""] = SVG.exec(svg) ?? [];
  if (!body) throw new Error(`Not an icon: ${svg.slice(0, 60)}`);
  const attributes = Object.fromEntries(
    [...attributeText.matchAll(ATTRIBUTE)].map(([, name, value]) => [name, value]),
  );
  return [
    `import { createElement } from "react";`,
    `const attributes = ${JSON.stringify({ ...attributes, "aria-hidden": "true" })};`,
    `const drawing = { __html: ${JSON.stringify(body)} };`,
    "export default function Icon(props) {",
    `  return createElement("svg", { ...attributes, ...props, dangerouslySetInnerHTML: drawing });`,
    "}",
  ].join("\n");
}

/**
 * `import HouseIcon from "~icons/lucide/house"`: the icons the app's own code
 * uses, from the same installed icon sets the icon endpoint serves,
 * compiled into the bundle that uses them: no request, 1em square unless a
 * class sizes them, drawn in `currentColor`.
 */
export function iconComponents() {
  return Icons({ scale: 1, compiler: { compiler: inlineSvgComponent } });
}
