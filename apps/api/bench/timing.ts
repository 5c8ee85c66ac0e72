/** The latencies of calls made one at a time, in ms (two decimals): how many, the median, the 99th percentile, the slowest. */
export interface Timing {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A sample of times summed up (the percentiles by nearest rank). */
export function summarize(times: number[]): Timing {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  return { count: sorted.length, p50: round(at(50)), p99: round(at(99)), max: round(sorted.at(-1) ?? 0) };
}

/** `call(i)` for i = warm..warm+count-1, one at a time, each timed (after `warm` untimed calls). */
export async function timeEach(count: number, call: (i: number) => Promise<unknown>, warm = 0): Promise<Timing> {
  for (let i = 0; i < warm; i++) await call(i);
  const times: number[] = [];
  for (let i = warm; i < warm + count; i++) {
    const start = performance.now();
    await call(i);
    times.push(performance.now() - start);
  }
  return summarize(times);
}
