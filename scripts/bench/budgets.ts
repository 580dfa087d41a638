/**
 * The performance budgets (issue 35), checked by `npm run bench -- --check`.
 * Most are ratios to the Nuxt peer measured in the same run, so a slow spell
 * of a shared machine moves both sides alike.
 */
export const budgets = {
  /** First-load JavaScript beyond the `framework` chunk (React, React Router), brotli bytes, per page. */
  jsBeyondFramework: { "/": 10_000, "/login": 10_000, "/dashboard": 16_000 } as Record<string, number>,
  cssBrotli: 15_000,
  /** The landing page's HTML, compressed: one round trip. */
  homeHtmlCompressed: 14_000,
  /** The floor (every script blocked, arriving from another site): at most this times the peer's floor. */
  floorOverPeerFloor: 1.15,
  /** First paint never waits for the scripts: FCP at most this times the page's own floor. */
  fcpOverFloor: 1.15,
  /** Beside the Nuxt peer, in the same run. */
  peer: {
    /** Our requests per second over the peer's, at least. */
    rpsRatio: {
      "GET /dashboard (signed in)": 1,
      "GET /api/_auth/session (cookie)": 1.5,
    } as Record<string, number>,
    /** Our p99 over the peer's, at most. */
    p99Ratio: { "GET /dashboard (signed in)": 1 } as Record<string, number>,
    rssIdleRatio: 0.85,
    rssLoadedRatio: 0.7,
  },
  /**
   * Beside an earlier build of ours (`BENCH_BASELINE`), in the same run: what
   * a change may cost (issue 48, the languages: at most 1.5 KB more script per
   * page, and throughput within 5 %).
   */
  baseline: {
    jsBeyondFrameworkGrowth: 1_500,
    rpsRatio: { "GET /dashboard (signed in)": 0.95, "GET /api/_auth/session (cookie)": 0.95 } as Record<
      string,
      number
    >,
  },
  rssLoadedMb: 200,
  coldStartMs: 400,
  /** Every route of ours but those the peer ratios hold: p99 under this. */
  p99Ms: 50,
};
