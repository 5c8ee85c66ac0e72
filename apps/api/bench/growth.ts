// `pnpm bench --sizes …`: how each call's cost grows with the gallery (issue 26), as a table for
// docs/performance.md and a small log-log plot (docs/bench/growth.svg) drawn from the same numbers.

interface Row {
  scenario: string;
  responses?: string;
  listings: number;
  connections: number;
  mean: number;
  p99: number;
  ceilingRatio?: number;
  sameAnswerRatio?: number;
}

export interface Growth {
  scenario: string;
  /** Mean ms at one connection on the database path, by size. */
  mean: Record<number, number>;
  p99At1: Record<number, number>;
  p99At50: Record<number, number>;
  /** Requests/s from shared copies against the bare route's (the first page), at 50 connections, at the largest size. */
  copiesRatio?: number;
  /** The same against a bare route sending this call's own answer (the target's measure: same bytes, no work). */
  copiesSameAnswerRatio?: number;
  /** Mean at the largest size over the mean at the smallest, against the same ratio of ln(size). */
  ratio: number;
  logRatio: number;
}

/** Means under this are within the noise of one request's fixed cost: no growth is read from them. */
const NOISE_MS = 1;

export function growthRows(results: Row[], sizes: number[]): Growth[] {
  const database = results.filter((r) => r.responses === "database");
  const names = [...new Set(database.map((r) => r.scenario))];
  const [smallest, largest] = [sizes[0]!, sizes.at(-1)!];
  const logRatio = Math.log(largest) / Math.log(smallest);
  const bySize = (name: string, connections: number, pick: (r: Row) => number) =>
    Object.fromEntries(
      database
        .filter((r) => r.scenario === name && r.connections === connections)
        .map((r) => [r.listings, pick(r)] as const),
    );
  return names
    .map((scenario) => {
      const mean = bySize(scenario, 1, (r) => r.mean);
      const copies = results.find(
        (r) =>
          r.scenario === scenario && r.responses === "shared copies" && r.connections === 50 && r.listings === largest,
      );
      const ratio = Math.max(mean[largest] ?? 0, NOISE_MS) / Math.max(mean[smallest] ?? 0, NOISE_MS) || 0;
      return {
        scenario,
        mean,
        p99At1: bySize(scenario, 1, (r) => r.p99),
        p99At50: bySize(scenario, 50, (r) => r.p99),
        copiesRatio: copies?.ceilingRatio,
        copiesSameAnswerRatio: copies?.sameAnswerRatio,
        ratio: Math.round(ratio * 100) / 100,
        logRatio: Math.round(logRatio * 100) / 100,
      };
    })
    .filter((g) => sizes.every((size) => g.mean[size] !== undefined));
}

const size = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

/** The markdown table: mean at one connection per size, p99 at 1 and 50 at the largest, and the verdict. */
export function growthTable(growth: Growth[], sizes: number[]): string {
  const largest = sizes.at(-1)!;
  const head = [
    "call",
    ...sizes.map((s) => `mean ms ${size(s)}`),
    `p99 c=1 ${size(largest)} (< 20)`,
    `p99 c=50 ${size(largest)} (< 100)`,
    "copies vs bare first page",
    "copies vs bare same answer (≥ 0.5)",
    "growth",
  ];
  const lines = [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`];
  for (const g of growth) {
    const p1 = g.p99At1[largest];
    const p50 = g.p99At50[largest];
    const verdict = g.ratio > g.logRatio ? `**${g.ratio}× (faster than log: ${g.logRatio}×)**` : `${g.ratio}×`;
    lines.push(
      `| ${[
        g.scenario,
        ...sizes.map((s) => String(g.mean[s])),
        p1 === undefined ? "-" : p1 < 20 ? String(p1) : `**${p1}**`,
        p50 === undefined ? "-" : p50 < 100 ? String(p50) : `**${p50}**`,
        g.copiesRatio === undefined ? "-" : String(g.copiesRatio),
        g.copiesSameAnswerRatio === undefined
          ? "-"
          : g.copiesSameAnswerRatio >= 0.5
            ? String(g.copiesSameAnswerRatio)
            : `**${g.copiesSameAnswerRatio}**`,
        verdict,
      ].join(" | ")} |`,
    );
  }
  return lines.join("\n");
}

const escapeXml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** A log-log plot of the mean at one connection against the size; the costliest calls at the largest size named. */
export function growthSvg(growth: Growth[], sizes: number[]): string {
  const [width, height, left, right, top, bottom] = [640, 360, 50, 230, 20, 40];
  const largest = sizes.at(-1)!;
  const means = growth.flatMap((g) => sizes.map((s) => Math.max(g.mean[s]!, 0.1)));
  const [low, high] = [Math.log10(Math.min(...means)), Math.log10(Math.max(...means))];
  const span = Math.max(high - low, 0.5);
  const x = (s: number) =>
    left +
    ((Math.log10(s) - Math.log10(sizes[0]!)) / (Math.log10(largest) - Math.log10(sizes[0]!) || 1)) *
      (width - left - right);
  const y = (ms: number) => top + (1 - (Math.log10(Math.max(ms, 0.1)) - low) / span) * (height - top - bottom);
  const named = new Set([...growth].sort((a, b) => b.mean[largest]! - a.mean[largest]!).slice(0, 8));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="10">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="12">mean ms per call at one connection (database path), log-log</text>`,
    ...sizes.map(
      (s) =>
        `<line x1="${x(s)}" x2="${x(s)}" y1="${top}" y2="${height - bottom}" stroke="#ddd"/><text x="${x(s)}" y="${height - bottom + 14}" text-anchor="middle">${size(s)} listings</text>`,
    ),
    ...[0.1, 1, 10, 100, 1000]
      .filter((ms) => Math.log10(ms) >= low - 0.01 && Math.log10(ms) <= low + span + 0.01)
      .map(
        (ms) =>
          `<line x1="${left}" x2="${width - right}" y1="${y(ms)}" y2="${y(ms)}" stroke="#eee"/><text x="${left - 4}" y="${y(ms) + 3}" text-anchor="end">${ms}</text>`,
      ),
  ];
  for (const g of growth) {
    const points = sizes.map((s) => `${x(s).toFixed(1)},${y(g.mean[s]!).toFixed(1)}`).join(" ");
    const colour = g.ratio > g.logRatio ? "#c0392b" : named.has(g) ? "#2c3e50" : "#bbb";
    parts.push(`<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="1.2"/>`);
  }
  const labels = [...named].sort((a, b) => b.mean[largest]! - a.mean[largest]!);
  let labelY = top;
  for (const g of labels) {
    labelY = Math.max(y(g.mean[largest]!), labelY + 12);
    parts.push(
      `<text x="${width - right + 6}" y="${labelY.toFixed(1)}" fill="${g.ratio > g.logRatio ? "#c0392b" : "#2c3e50"}">${escapeXml(g.scenario.slice(0, 40))} ${g.mean[largest]} ms</text>`,
    );
  }
  parts.push(`<text x="${left}" y="${height - 6}" fill="#c0392b">red: grows faster than log(size)</text>`, "</svg>");
  return `${parts.join("\n")}\n`;
}
