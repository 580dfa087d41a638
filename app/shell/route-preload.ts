import { type UNSAFE_AssetsManifest as AssetsManifest, matchRoutes, type RouteObject } from "react-router";
import { PRERENDERED_PATHS } from "~/lib/constants";
import { canPreload } from "./can-preload";
import { createPreloadQueue } from "./preload-queue";

type ManifestRoute = NonNullable<AssetsManifest["routes"][string]>;

const queue = createPreloadQueue();
const requested = new Set<string>();
const trees = new WeakMap<AssetsManifest["routes"], RouteObject[]>();

/** React Router's flat route manifest as the tree `matchRoutes` wants. */
function routeTree(routes: AssetsManifest["routes"]): RouteObject[] {
  const cached = trees.get(routes);
  if (cached) return cached;
  const entries = Object.values(routes).filter((route): route is ManifestRoute => Boolean(route));
  type Node = Pick<ManifestRoute, "id" | "path" | "index" | "caseSensitive"> & { children: Node[] };
  const nodes = new Map<string, Node>(
    entries.map(({ id, path, index, caseSensitive }) => [
      id,
      { id, path, index, caseSensitive, children: [] },
    ]),
  );
  const roots: Node[] = [];
  for (const route of entries) {
    const node = nodes.get(route.id) as Node;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // An index route's empty `children` is fine for matching.
  const tree = roots as RouteObject[];
  trees.set(routes, tree);
  return tree;
}

/** Adds `<link rel=…>` for `href` through the queue; the slot frees when the request ends. */
function enqueue(href: string, rel: "modulepreload" | "prefetch" | "preload", as?: string) {
  if (requested.has(href)) return;
  requested.add(href);
  if (document.querySelector(`link[href="${CSS.escape(href)}"]`)) return;
  queue.add(
    () =>
      new Promise<void>((done) => {
        const link = document.createElement("link");
        link.rel = rel;
        if (as) link.as = as;
        link.href = href;
        link.onload = () => done();
        link.onerror = () => done();
        document.head.append(link);
      }),
  );
}

/**
 * Preloads what a client navigation to `href` will need: the code of every
 * route it matches (modules, their imports, their CSS) and, where it is a
 * static file, its data. Everything goes through one queue with at most four
 * requests in flight; each file is asked for once.
 */
export function preloadRoute(
  manifest: AssetsManifest,
  loadedModules: Record<string, unknown>,
  href: string,
): void {
  if (!canPreload()) return;
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return;
  const matches = matchRoutes(routeTree(manifest.routes), url.pathname) ?? [];
  for (const { route } of matches) {
    const id = route.id ?? "";
    const entry = manifest.routes[id];
    if (!entry || loadedModules[id]) continue;
    for (const file of [entry.module, ...(entry.imports ?? [])]) enqueue(file, "modulepreload");
    for (const file of entry.css ?? []) enqueue(file, "preload", "style");
  }
  if (PRERENDERED_PATHS.includes(url.pathname)) {
    enqueue(url.pathname === "/" ? "/_.data" : `${url.pathname}.data`, "prefetch", "fetch");
  }
}
