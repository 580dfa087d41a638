import { type ComponentType, lazy } from "react";

type Loaded<P> = { default: ComponentType<P> };

/** Renders nothing: the default stand-in for code that could not be loaded. */
const Nothing = () => null;

/**
 * `React.lazy` for a component that only some pages show, whose code should
 * reach the browser only on those. The server loads it when this runs, so
 * a server render never waits for it (no fallback in the HTML). The browser
 * fetches it on its first render; while hydrating, React keeps the server's
 * markup in the surrounding `<Suspense>` until the code is there.
 *
 * When the code cannot be loaded (offline, or gone after a deployment), it
 * renders `unavailable` instead, never an error: the chunk-reload handler
 * (`chunk-reload.ts`) has by then reloaded the page or shown its own screen,
 * and takes Vite's error, so the import may even resolve empty.
 */
export function clientLazy<P>(
  load: () => Promise<ComponentType<P> | undefined>,
  unavailable: ComponentType<P> = Nothing,
): ComponentType<P> {
  let loaded: Loaded<P> | undefined;
  const fetchModule = () =>
    load().then(
      (component) => {
        if (!component) return { default: unavailable };
        loaded = { default: component };
        return loaded;
      },
      () => ({ default: unavailable }),
    );
  if (import.meta.env.SSR) void fetchModule();
  return lazy(() => (loaded ? settled(loaded) : fetchModule()));
}

/**
 * A promise of `value` whose `then` hands it over at once, where a promise
 * would wait for a microtask: `React.lazy` then renders without suspending.
 */
function settled<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: React.lazy only calls `then`, and this one is synchronous
  return Object.assign(Promise.resolve(value), { then: (resolve: (value: T) => void) => resolve(value) });
}
