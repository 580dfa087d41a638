import {
  type FocusEvent,
  type MouseEvent,
  type RefCallback,
  type TouchEvent,
  useCallback,
  useContext,
} from "react";
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  Link,
  type LinkProps,
  NavLink,
  type NavLinkProps,
  type To,
  useHref,
} from "react-router";
import { canPreload } from "~/shell/can-preload";

/** The preloading code, fetched with the first preload: never on Save-Data or 2g. */
const loadRoutePreload = () => import("~/shell/route-preload");

let visibility: IntersectionObserver | undefined;
const visibleCallbacks = new WeakMap<Element, () => void>();

/** One observer for every link on the page: a link that scrolls into view preloads once. */
function observeVisibility(element: Element, onVisible: () => void): () => void {
  visibility ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      visibility?.unobserve(entry.target);
      visibleCallbacks.get(entry.target)?.();
    }
  });
  visibleCallbacks.set(element, onVisible);
  visibility.observe(element);
  return () => visibility?.unobserve(element);
}

type IntentHandlers = Pick<LinkProps, "onMouseEnter" | "onFocus" | "onTouchStart">;

/**
 * Preloads a link's target on hover, focus, touch or when the link becomes
 * visible. Returns the link's ref and handlers, wrapping its own.
 */
export function usePreloadOnIntent(to: To, own: IntentHandlers = {}) {
  const framework = useContext(FrameworkContext);
  const href = useHref(to);
  const preload = useCallback(() => {
    if (!framework || !canPreload()) return;
    void loadRoutePreload().then(({ preloadRoute }) =>
      preloadRoute(framework.manifest, framework.routeModules, href),
    );
  }, [framework, href]);
  const ref: RefCallback<HTMLAnchorElement> = useCallback(
    (element) => (element ? observeVisibility(element, preload) : undefined),
    [preload],
  );
  return {
    ref,
    onMouseEnter: (event: MouseEvent<HTMLAnchorElement>) => {
      own.onMouseEnter?.(event);
      preload();
    },
    onFocus: (event: FocusEvent<HTMLAnchorElement>) => {
      own.onFocus?.(event);
      preload();
    },
    onTouchStart: (event: TouchEvent<HTMLAnchorElement>) => {
      own.onTouchStart?.(event);
      preload();
    },
  };
}

/** React Router's `<Link>` that preloads its target through the app's preload queue. */
export function PreloadLink({ to, ...props }: LinkProps) {
  return <Link to={to} {...props} {...usePreloadOnIntent(to, props)} />;
}

/** React Router's `<NavLink>` that preloads its target through the app's preload queue. */
export function PreloadNavLink({ to, ...props }: NavLinkProps) {
  return <NavLink to={to} {...props} {...usePreloadOnIntent(to, props)} />;
}
