import type autocannon from "autocannon";

/** What every bench row says of one autocannon run. */
export interface Summary {
  rps: number;
  /** Mean latency in ms (two decimals), from the throughput: see `summarize`. */
  mean: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/**
 * One autocannon run as a bench row. The mean is Little's law, connections / requests a second: each of the
 * connections has exactly one request in flight, so over the run the mean time a request takes is that, to
 * the microsecond. autocannon's own mean is of latencies recorded in whole milliseconds, so a row answered in
 * a fraction of one read 0 or 1 ms. Percentiles stay autocannon's (whole milliseconds).
 */
export function summarize(result: autocannon.Result, connections: number): Summary {
  const rps = result.requests.average;
  return {
    rps: Math.round(rps),
    mean: rps > 0 ? Math.round((connections / rps) * 1000 * 100) / 100 : result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors,
  };
}
