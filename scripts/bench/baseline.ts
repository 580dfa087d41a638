import type { BenchApp } from "./apps.ts";
import { budgets } from "./budgets.ts";
import type { Comparison } from "./checks.ts";
import type { RoundsResult } from "./load.ts";
import { median } from "./median.ts";
import type { PageFigures } from "./page-rounds.ts";

const ARRIVING = "from another site";

/** A build's fastest round of a route, in requests per second. */
const bestRound = (runs: ReadonlyArray<{ rps: number }>) => Math.max(0, ...runs.map((run) => run.rps));

/**
 * Ours against the earlier build, both loaded in the same rounds: the best
 * round of each. A shared machine's slow spells only ever slow a round
 * (here a round's figure moves by up to a third, one round to the next), so
 * a build's best round is the nearest to its own speed, as `timeit` takes the
 * fastest of its repeats. The median of each round's own ratio is printed
 * beside it: on this machine it moved from 0.93 to 1.10 between runs of the
 * same product code, the best rounds' ratio from 0.97 to 0.98 (docs/performance.md).
 */
export function throughputRatio(
  mine: ReadonlyArray<{ rps: number }>,
  theirs: ReadonlyArray<{ rps: number }>,
): { ratio: number; medianOfRounds: number } {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    ratio: round(bestRound(mine) / (bestRound(theirs) || 1)),
    medianOfRounds: round(median(mine.map((run, index) => run.rps / (theirs[index]?.rps || 1)))),
  };
}

/**
 * Holds ours to an earlier build of ours measured in the same run
 * (`BENCH_BASELINE`): script beyond the framework grows by at most
 * `budgets.baseline.jsBeyondFrameworkGrowth` per page (the pages it had, in
 * its language; another language's copy is printed beside them), and the named routes
 * keep their throughput within `budgets.baseline.rpsRatio` (`throughputRatio`).
 */
export function checkAgainstBaseline(
  ours: BenchApp,
  baseline: BenchApp,
  pages: Record<string, Record<string, PageFigures>>,
  throughput: Record<string, RoundsResult>,
): { comparisons: Record<string, Comparison & { before: number }>; failures: string[] } {
  const comparisons: Record<string, Comparison & { before: number }> = {};
  const failures: string[] = [];
  const growth = budgets.baseline.jsBeyondFrameworkGrowth;
  for (const [path, mine] of Object.entries(pages[ours.name] ?? {})) {
    const before = pages[baseline.name]?.[path];
    if (!before) continue;
    const beyond = (figures: PageFigures) => figures[ARRIVING].jsBrotli - figures[ARRIVING].frameworkJsBrotli;
    const now = beyond(mine);
    const then = beyond(before);
    // The earlier build had one language: a German page is set beside its English one. German
    // words are longer, so the difference is printed, and the budget holds the pages as they were.
    const translated = path.includes(" (");
    comparisons[`JS beyond framework, ${path} (B brotli), vs before`] = {
      ours: now,
      before: then,
      target: translated ? "(printed: longer words than before's English)" : `≤ before + ${growth}`,
    };
    if (!translated && now - then > growth)
      failures.push(`JS beyond framework on ${path}: ${now} B, ${now - then} B more than before`);
  }
  for (const [route, minimum] of Object.entries(budgets.baseline.rpsRatio)) {
    const mine = throughput[`${ours.name} ${route}`]?.runs ?? [];
    const theirs = throughput[`${baseline.name} ${route}`]?.runs ?? [];
    const { ratio, medianOfRounds } = throughputRatio(mine, theirs);
    comparisons[`${route} (req/s, best round), vs before`] = {
      ours: bestRound(mine),
      before: bestRound(theirs),
      ratio,
      target: `≥ ${minimum} × before (median of the rounds' own ratios: ${medianOfRounds})`,
    };
    if (ratio < minimum)
      failures.push(`${route}: ${ratio} × before's req/s in their best rounds, under ${minimum}`);
  }
  return { comparisons, failures };
}
