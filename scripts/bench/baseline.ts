import type { BenchApp } from "./apps.ts";
import { budgets } from "./budgets.ts";
import type { Comparison } from "./checks.ts";
import type { RoundsResult } from "./load.ts";
import { median } from "./median.ts";
import type { PageFigures } from "./page-rounds.ts";

const ARRIVING = "from another site";

/**
 * Holds ours to an earlier build of ours measured in the same run
 * (`BENCH_BASELINE`): script beyond the framework grows by at most
 * `budgets.baseline.jsBeyondFrameworkGrowth` per page (the pages it had, in
 * its language; another language's copy is printed beside them), and the named routes
 * keep their throughput within `budgets.baseline.rpsRatio`: the median over the
 * rounds of each round's ratio.
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
    const mine = throughput[`${ours.name} ${route}`];
    const theirs = throughput[`${baseline.name} ${route}`];
    const now = mine?.rps ?? 0;
    const then = theirs?.rps ?? 0;
    // Each round's own ratio (both loaded in that round, one after the other), then their median:
    // a slow spell of the machine moves both figures of a round, and so moves the ratio less.
    const ratio =
      Math.round(
        median((mine?.runs ?? []).map((run, round) => run.rps / (theirs?.runs[round]?.rps || 1))) * 100,
      ) / 100;
    comparisons[`${route} (req/s), vs before`] = {
      ours: now,
      before: then,
      ratio,
      target: `≥ ${minimum} × before`,
    };
    if (ratio < minimum)
      failures.push(`${route}: ${ratio} × before's req/s in the same rounds, under ${minimum}`);
  }
  return { comparisons, failures };
}
