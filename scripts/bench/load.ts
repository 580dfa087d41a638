import autocannon from "autocannon";

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
