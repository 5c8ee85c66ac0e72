import { PLATFORM_REGISTRY, PLATFORMS } from "@gallery/schema/platforms";
import type { StatCounts, StatDay } from "@gallery/schema/stats";

/** Views, then each platform's click-outs, in the order they are drawn and listed. */
const SERIES: Array<{ key: keyof StatCounts; label: string; color: string }> = [
  { key: "views", label: "Views", color: "var(--color-sky-500, #0ea5e9)" },
  ...PLATFORMS.map((platform) => ({
    key: platform,
    label: PLATFORM_REGISTRY[platform].name,
    color: PLATFORM_REGISTRY[platform].color,
  })),
];

interface Props {
  /** What the chart is of, e.g. 'All listings' or a listing's title (its accessible name). */
  label: string;
  days: StatDay[];
  totals: StatCounts;
  /** A small chart without axes (a row of a table). */
  compact?: boolean;
}

/**
 * Views and click-outs per platform, one point a day (plain SVG: no chart library to download). The
 * totals are written out beside it, so the numbers are readable without the picture.
 */
export function StatsChart({ label, days, totals, compact = false }: Props) {
  const width = compact ? 160 : 600;
  const height = compact ? 40 : 160;
  const pad = compact ? 2 : 8;
  const max = Math.max(1, ...days.flatMap((day) => SERIES.map((series) => day[series.key])));
  const x = (i: number) => pad + (i * (width - 2 * pad)) / Math.max(1, days.length - 1);
  const y = (value: number) => height - pad - (value * (height - 2 * pad)) / max;
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  return (
    <figure className="space-y-2" aria-label={label} data-testid="stats-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className={compact ? "h-10 w-40" : "h-40 w-full"}
        role="img"
        aria-label={`${label}: views and click-outs per day${first ? ` from ${first} to ${last}` : ""}`}
        preserveAspectRatio="none"
      >
        {!compact && <line x1={pad} x2={width - pad} y1={height - pad} y2={height - pad} className="stroke-border" />}
        {SERIES.map((series) => (
          <polyline
            key={series.key}
            fill="none"
            stroke={series.color}
            strokeWidth={compact ? 1.5 : 2}
            vectorEffect="non-scaling-stroke"
            points={days.map((day, i) => `${x(i)},${y(day[series.key])}`).join(" ")}
          />
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {SERIES.map((series) => (
          <span key={series.key} className="inline-flex items-center gap-1.5">
            <span className="inline-block size-2 rounded-full" style={{ background: series.color }} aria-hidden />
            {series.label} <strong data-testid={`total-${series.key}`}>{totals[series.key]}</strong>
          </span>
        ))}
        {!compact && first && (
          <span className="ml-auto">
            {first} – {last} (UTC)
          </span>
        )}
      </figcaption>
    </figure>
  );
}
