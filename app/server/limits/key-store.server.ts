/**
 * How many keys one limiter keeps in memory (each a few hundred bytes at
 * most: an email-sized key and two numbers), and how far a full store is
 * cleared. Clearing scans every key, so it runs at most once per 10,000
 * new keys, or, while the store is mostly penalties and cannot get down
 * that far, once per `FULL_STORE_RECHECK_MS`: a new key never costs a scan
 * of its own.
 */
const MAX_KEYS = 100_000;
const CLEAR_DOWN_TO = 90_000;
const FULL_STORE_RECHECK_MS = 1_000;

/**
 * What forgetting a value would hand back to whoever holds its key: `0`
 * for nothing (its time is over, or it counts nothing), more for more
 * (attempts it would give back), `null` for a penalty (over its limit, in
 * back-off), which is never forgotten before its time.
 */
export type WeightOf<V> = (value: V, now: number) => number | null;

export type KeyStore<V> = {
  get(key: string): V | undefined;
  /** Stores `value` under `key`, as its newest; false when there is no room for a new key (nothing is stored). */
  put(key: string, value: V, now: number): boolean;
  delete(key: string): void;
};

/**
 * The in-memory store of a limiter's keys, bounded without ever forgetting
 * a penalty. Evicting the oldest key when full (as it once did) let anyone
 * cycle fresh addresses until the key of the account they guess at was
 * pushed out with its back-off, and guess again for free.
 *
 * When full, it forgets what costs least first: keys whose time is over
 * or that count nothing, then those counting the fewest attempts, oldest
 * first. So pushing out a key with `n` counted attempts takes a whole
 * store of keys with at least `n` each, and a key over its limit or in
 * back-off is never pushed out. When every key holds a penalty, a new key
 * is refused (the limiter answers `429`) until one runs out; keys already
 * held keep counting. Failing open instead would lift the limits exactly
 * when someone fills the store.
 *
 * What one client can hold is bounded too: every key a stranger can make
 * costs an attempt first counted against their client IP (at most
 * `AUTH_RATE_LIMIT_PER_IP` per 10 minutes, IPv6 by /64). Filling a store
 * with penalties takes 100,000 times a limit's attempts (half a million
 * wrong passwords for the failure budget), spread over many addresses or a
 * long time, and then shuts out only newcomers, for as long as it is kept
 * full. With Redis, keys expire there and this store holds only what an
 * instance counts during an outage.
 */
export function createKeyStore<V>(weightOf: WeightOf<V>): KeyStore<V> {
  const entries = new Map<string, V>();
  let fullUntil = 0;

  function clear(now: number) {
    const forgettable: { key: string; weight: number }[] = [];
    for (const [key, value] of entries) {
      const weight = weightOf(value, now);
      if (weight !== null) forgettable.push({ key, weight });
    }
    // A stable sort: within one weight the Map's order, oldest first.
    forgettable.sort((a, b) => a.weight - b.weight);
    for (const { key } of forgettable) {
      if (entries.size <= CLEAR_DOWN_TO) break;
      entries.delete(key);
    }
  }

  return {
    get: (key) => entries.get(key),
    put(key, value, now) {
      if (!entries.has(key) && entries.size >= MAX_KEYS) {
        if (now < fullUntil) return false;
        clear(now);
        if (entries.size > CLEAR_DOWN_TO) fullUntil = now + FULL_STORE_RECHECK_MS;
        if (entries.size >= MAX_KEYS) return false;
      }
      // Re-inserted, so the Map's order stays oldest-first.
      entries.delete(key);
      entries.set(key, value);
      return true;
    },
    delete: (key) => {
      entries.delete(key);
    },
  };
}
