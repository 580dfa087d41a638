import autocannon from "autocannon";
import { median } from "./median.ts";

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/** Loads one URL from this process: 10 connections for `seconds` (loopback only). */
export async function load(
  url: string,
  headers: Record<string, string> = {},
  seconds = 5,
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error("bench loads loopback only");
  const result = await autocannon({ url, connections: 10, duration: seconds, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export type Target = { url: string; headers?: Record<string, string> };
export type RoundsResult = LoadResult & { share: number; runs: Array<{ rps: number; p99: number }> };

/**
 * Loads every target for a second to warm it, then once per round, in turn,
 * for `rounds` rounds, so a slow spell of a shared machine hits all targets
 * alike rather than one. The first target leads every round; the others go
 * in reverse order every other round, so that no target always follows the
 * same one (a server still collecting its garbage after its load slows the
 * next). Each figure is the median of its runs, which are kept in round
 * order; errors add up over all of them; the share is the median of each
 * round's throughput over the first target's (the trivial route) in that
 * same round.
 */
export async function loadInRounds(
  targets: Record<string, Target>,
  rounds: number,
): Promise<Record<string, RoundsResult>> {
  const names = Object.keys(targets);
  const runs = new Map<string, LoadResult[]>(names.map((name) => [name, []]));
  const [first = "", ...rest] = names;
  // A second of each first, not counted: the server's compiler settles on the route's code.
  for (const name of names) {
    const { url, headers } = targets[name] as Target;
    await load(url, headers, 1);
  }
  for (let round = 0; round < rounds; round++) {
    for (const name of [first, ...(round % 2 === 0 ? rest : rest.toReversed())]) {
      const { url, headers } = targets[name] as Target;
      runs.get(name)?.push(await load(url, headers));
    }
  }
  const baseline = runs.get(names[0] ?? "") ?? [];
  return Object.fromEntries(
    names.map((name) => {
      const results = runs.get(name) ?? [];
      const shares = results.map((result, round) => result.rps / (baseline[round]?.rps || 1));
      return [
        name,
        {
          rps: median(results.map((result) => result.rps)),
          p50: median(results.map((result) => result.p50)),
          p99: median(results.map((result) => result.p99)),
          errors: results.reduce((sum, result) => sum + result.errors, 0),
          non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
          share: Math.round(median(shares) * 1000) / 1000,
          runs: results.map(({ rps, p99 }) => ({ rps, p99 })),
        },
      ];
    }),
  );
}
