/** The performance budgets of issue 7, checked by `npm run bench -- --check`. */
export const budgets = {
  /** First-load JavaScript per page, brotli bytes. */
  jsBrotli: { "/": 105_000, "/login": 105_000, "/dashboard": 125_000 } as Record<string, number>,
  cssBrotli: 15_000,
  /** The landing page's HTML, compressed: one round trip. */
  homeHtmlCompressed: 14_000,
  /** Throughput as a share of the trivial route measured in the same run. */
  throughputShare: {
    "GET /": 0.2,
    "GET /api/_auth/session (cookie)": 0.25,
    "GET /dashboard (signed in)": 0.04,
  } as Record<string, number>,
  p99Ms: 50,
  rssIdleMb: 120,
  rssLoadedMb: 250,
  coldStartMs: 1000,
};
