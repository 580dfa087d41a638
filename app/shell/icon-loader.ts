import { getIconData } from "@iconify/utils/lib/icon-set/get-icon";
import { ICON_FETCH_TIMEOUT_MS, ICONS_API_PATH, ICONS_MAX_PER_REQUEST } from "~/lib/constants";
import { parseIconName } from "~/lib/icon-name";

type IconSet = Parameters<typeof getIconData>[0];

/** An icon's full data, or `null` when the set has no such icon. */
export type LoadedIcon = ReturnType<typeof getIconData>;

type IconLoaderOptions = {
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** When a batch goes out: by default after the current task's microtasks, so one render's icons share it. */
  schedule?: (flush: () => void) => void;
  warn?: (message: string) => void;
};

type Batch = { names: Set<string>; done: Promise<void> };

const own = (record: object | undefined, key: string) => record !== undefined && Object.hasOwn(record, key);

/**
 * Loads icons named only at run time from the app's icon endpoint.
 * Names asked for in the same tick travel in one request per collection;
 * answers, misses included, are kept in memory for the page's life. A request
 * that fails or outlasts the time-out logs one warning to the console and
 * leaves its icons unloaded (a later `load` tries again); it never throws.
 */
export function createIconLoader({
  fetch: fetchImpl = (...args) => fetch(...args),
  timeoutMs = ICON_FETCH_TIMEOUT_MS,
  schedule = (flush) => queueMicrotask(flush),
  warn = (message) => console.warn(message),
}: IconLoaderOptions = {}) {
  const cache = new Map<string, LoadedIcon>();
  const inFlight = new Map<string, Promise<void>>();
  const batches = new Map<string, Batch>();
  const listeners = new Set<() => void>();

  function queue(collection: string, name: string): Promise<void> {
    let batch = batches.get(collection);
    if (!batch) {
      const names = new Set<string>();
      const done = new Promise<void>((resolve) =>
        schedule(() => {
          batches.delete(collection);
          resolve(fetchBatch(collection, [...names]));
        }),
      );
      batch = { names, done };
      batches.set(collection, batch);
    }
    batch.names.add(name);
    return batch.done;
  }

  async function fetchBatch(collection: string, names: string[]): Promise<void> {
    const requests: Promise<void>[] = [];
    for (let start = 0; start < names.length; start += ICONS_MAX_PER_REQUEST) {
      requests.push(fetchIcons(collection, names.slice(start, start + ICONS_MAX_PER_REQUEST)));
    }
    await Promise.all(requests);
  }

  async function fetchIcons(collection: string, names: string[]): Promise<void> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException(`Timed out after ${timeoutMs} ms`, "TimeoutError")),
      timeoutMs,
    );
    try {
      const url = `${ICONS_API_PATH}/${collection}.json?icons=${names.join(",")}`;
      const response = await fetchImpl(url, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const set = (await response.json()) as IconSet;
      if (typeof set?.icons !== "object") throw new Error(`${url} answered no icon set`);
      for (const name of names) {
        const known = own(set.icons, name) || own(set.aliases, name);
        cache.set(`${collection}:${name}`, known ? getIconData(set, name) : null);
      }
    } catch (error) {
      warn(`Icons not loaded (${collection}: ${names.join(", ")}): ${String(error)}`);
    } finally {
      clearTimeout(timer);
      for (const name of names) inFlight.delete(`${collection}:${name}`);
      for (const listener of listeners) listener();
    }
  }

  return {
    /** The icon if it is already known: data, `null` for a miss, `undefined` when not loaded (yet). */
    peek: (fullName: string): LoadedIcon | undefined => cache.get(fullName),

    /** Calls `listener` whenever a request has settled (for `useSyncExternalStore`). */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Loads `collection:name` (e.g. `lucide:house`); resolves `null` for a miss or a failure, never rejects. */
    async load(fullName: string): Promise<LoadedIcon> {
      const cached = cache.get(fullName);
      if (cached !== undefined) return cached;
      const parsed = parseIconName(fullName);
      if (!parsed) {
        cache.set(fullName, null);
        warn(`Icon name "${fullName}" is not collection:name in lower-case letters, digits and dashes`);
        return null;
      }
      let request = inFlight.get(fullName);
      if (!request) {
        request = queue(parsed.collection, parsed.name);
        inFlight.set(fullName, request);
      }
      await request;
      return cache.get(fullName) ?? null;
    },
  };
}

/** The page's one icon loader, shared by every `<Icon>`. */
export const iconLoader = createIconLoader();
