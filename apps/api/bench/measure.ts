import autocannon from "autocannon";

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

/** `url` under load from `connections` connections for `duration` seconds, as a bench row. */
export async function measureLoad(
  url: string,
  connections: number,
  duration: number,
  options: Partial<autocannon.Options> = {},
): Promise<Summary> {
  return summarize(await autocannon({ url, connections, duration, ...options }), connections);
}

/** A second of load first, so the measurement sees optimized code (and, with copies, a filled cache) as a busy server would. */
export async function warmUp(url: string, options: Partial<autocannon.Options> = {}) {
  await autocannon({ url, connections: 10, duration: 1, ...options });
}

/**
 * `serverUrl` under load at each connection count in turn, every request made by `request(n)` (n counts the requests
 * sent over all the counts, so each can be a new visitor or the next listing): autocannon's result for each count.
 */
export async function loadEachWith(
  options: { serverUrl: string; duration: number; connections: number[] },
  request: (n: number) => { method: string; path: string; headers: Record<string, string> },
): Promise<{ runs: Array<{ connections: number; result: autocannon.Result }>; sent: () => number }> {
  let sent = 0;
  const runs = [];
  for (const connections of options.connections) {
    const result = await autocannon({
      url: options.serverUrl,
      connections,
      duration: options.duration,
      requests: [{ setupRequest: (base) => ({ ...base, ...request(sent++) }) as typeof base }],
    });
    runs.push({ connections, result });
  }
  return { runs, sent: () => sent };
}
