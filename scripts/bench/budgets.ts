/** The performance budgets (issues 7 and 17), checked by `npm run bench -- --check`. */
export const budgets = {
  /** First-load JavaScript of every page, brotli bytes. */
  jsBrotli: 100_000,
  cssBrotli: 15_000,
  /** The landing page's HTML, compressed: one round trip. */
  homeHtmlCompressed: 14_000,
  /** First paint never waits for the scripts: FCP at most this times the page's FCP with scripts blocked. */
  fcpOverScriptsBlocked: 1.2,
  /** Throughput as a share of the trivial route measured in the same run. */
  throughputShare: {
    "GET /": 0.2,
    "GET /api/_auth/session (cookie)": 0.25,
    "GET /dashboard (signed in)": 0.04,
  } as Record<string, number>,
  p99Ms: 50,
  rssIdleMb: 100,
  rssLoadedMb: 250,
  coldStartMs: 400,
  /** Beside the Nuxt peer, in the same run. */
  peer: {
    /** Our FCP over the peer's, each page, at most. */
    fcpRatio: 1,
    /** Our requests per second over the peer's, at least. */
    rpsRatio: {
      "GET /dashboard (signed in)": 1.5,
      "GET /api/_auth/session (cookie)": 1,
    } as Record<string, number>,
  },
};
