import type { BenchApp } from "./apps.ts";
import { budgets } from "./budgets.ts";
import type { RoundsResult } from "./load.ts";
import type { LoadMode, PageFigures } from "./page-rounds.ts";

/** A figure of ours beside the peer's, with the budget it is held to. */
export type Comparison = { ours: number; nuxt?: number; ratio?: number; target: string };

export type BenchFigures = {
  ours: BenchApp;
  peer: BenchApp | undefined;
  pages: Record<string, Record<string, PageFigures>>;
  throughput: Record<string, RoundsResult>;
  rssIdle: Record<string, number>;
  rssLoaded: Record<string, number>;
  coldStartMs: (app: BenchApp) => number;
};

/** The mode visitors arrive in (by a link from another site), with its scripts and with none. */
const ARRIVING: LoadMode = "from another site";
const FLOOR: LoadMode = "from another site, no JS";
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Holds the figures of one run to `budgets`: returns what each comparison
 * measured (printed as a table) and every budget broken.
 */
export function checkBudgets(figures: BenchFigures): {
  comparisons: Record<string, Comparison>;
  failures: string[];
} {
  const { ours, peer, pages, throughput, rssIdle, rssLoaded, coldStartMs } = figures;
  const comparisons: Record<string, Comparison> = {};
  const failures: string[] = [];
  const compare = (
    label: string,
    mine: number,
    theirs: number | undefined,
    target: string,
    broken: boolean,
  ) => {
    comparisons[label] = {
      ours: mine,
      ...(theirs === undefined ? {} : { nuxt: theirs, ratio: round2(mine / (theirs || 1)) }),
      target,
    };
    if (broken)
      failures.push(`${label}: ${mine}${theirs === undefined ? "" : ` (Nuxt ${theirs})`}, not ${target}`);
  };

  for (const [path, mine] of Object.entries(pages[ours.name] ?? {})) {
    const theirs = peer ? pages[peer.name]?.[path] : undefined;
    const arriving = mine[ARRIVING];
    const beyond = arriving.jsBrotli - arriving.frameworkJsBrotli;
    // A page in another language ("/login (de)") is held to its path's budget.
    const jsBudget = budgets.jsBeyondFramework[path.split(" ")[0] ?? path] ?? 0;
    compare(`JS beyond framework, ${path} (B brotli)`, beyond, undefined, `≤ ${jsBudget}`, beyond > jsBudget);
    comparisons[`Framework chunk, ${path} (B brotli)`] = {
      ours: arriving.frameworkJsBrotli,
      target: "(printed)",
    };
    if (arriving.cssBrotli > budgets.cssBrotli)
      failures.push(`CSS on ${path}: ${arriving.cssBrotli} B brotli > ${budgets.cssBrotli}`);
    const floor = mine[FLOOR].fcp;
    if (theirs) {
      const ratio = floor / (theirs[FLOOR].fcp || 1);
      compare(
        `Floor FCP ${path}, from another site, no JS (ms)`,
        floor,
        theirs[FLOOR].fcp,
        `≤ ${budgets.floorOverPeerFloor} × Nuxt`,
        ratio > budgets.floorOverPeerFloor,
      );
      comparisons[`FCP ${path}, from another site (ms)`] = {
        ours: arriving.fcp,
        nuxt: theirs[ARRIVING].fcp,
        ratio: round2(arriving.fcp / (theirs[ARRIVING].fcp || 1)),
        target: "(printed)",
      };
    }
    const overFloor = round2(arriving.fcp / (floor || 1));
    compare(
      `FCP ${path} from another site / our floor`,
      overFloor,
      undefined,
      `≤ ${budgets.fcpOverFloor}`,
      overFloor > budgets.fcpOverFloor,
    );
  }
  const homeHtml = pages[ours.name]?.["/"]?.[ARRIVING].htmlTransferred ?? 0;
  if (homeHtml > budgets.homeHtmlCompressed)
    failures.push(`HTML of /: ${homeHtml} B > ${budgets.homeHtmlCompressed}`);

  for (const [name, result] of Object.entries(throughput)) {
    if (!name.startsWith(`${ours.name} `)) continue;
    const route = name.slice(ours.name.length + 1);
    if (result.errors > 0 || result.non2xx > 0)
      failures.push(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
    if (!(route in budgets.peer.p99Ratio) && result.p99 >= budgets.p99Ms)
      failures.push(`${name}: p99 ${result.p99} ms >= ${budgets.p99Ms}`);
  }
  if (peer) {
    for (const [route, minimum] of Object.entries(budgets.peer.rpsRatio)) {
      const mine = throughput[`${ours.name} ${route}`]?.rps ?? 0;
      const theirs = throughput[`${peer.name} ${route}`]?.rps ?? 0;
      compare(`${route} (req/s)`, mine, theirs, `≥ ${minimum} × Nuxt`, mine < minimum * theirs);
    }
    for (const [route, maximum] of Object.entries(budgets.peer.p99Ratio)) {
      const mine = throughput[`${ours.name} ${route}`]?.p99 ?? 0;
      const theirs = throughput[`${peer.name} ${route}`]?.p99 ?? 0;
      compare(`${route} p99 (ms)`, mine, theirs, `≤ ${maximum} × Nuxt`, mine > maximum * theirs);
    }
  }
  const peerFigure = (of: Record<string, number>) => (peer ? of[peer.name] : undefined);
  const idle = rssIdle[ours.name] ?? 0;
  const idlePeer = peerFigure(rssIdle);
  compare(
    "Idle RSS (MB)",
    idle,
    idlePeer,
    `≤ ${budgets.peer.rssIdleRatio} × Nuxt`,
    idlePeer !== undefined && idle > budgets.peer.rssIdleRatio * idlePeer,
  );
  const loaded = rssLoaded[ours.name] ?? 0;
  const loadedPeer = peerFigure(rssLoaded);
  compare(
    "RSS after load (MB)",
    loaded,
    loadedPeer,
    `≤ ${budgets.peer.rssLoadedRatio} × Nuxt and ≤ ${budgets.rssLoadedMb} MB`,
    loaded > budgets.rssLoadedMb ||
      (loadedPeer !== undefined && loaded > budgets.peer.rssLoadedRatio * loadedPeer),
  );
  compare(
    "Cold start to first 200 (ms)",
    coldStartMs(ours),
    peer ? coldStartMs(peer) : undefined,
    `≤ ${budgets.coldStartMs} ms`,
    coldStartMs(ours) > budgets.coldStartMs,
  );
  return { comparisons, failures };
}
