import type { StatCounts, StatDay } from "@gallery/schema/stats";
import { useMemo, useRef } from "react";
import { useTheme } from "../../lib/theme";
import { sparklineOptions } from "./chart-options";
import { chartData, isEmpty, SERIES } from "./chart-series";
import { SeriesTotal } from "./series-swatch";
import { useUplot } from "./use-uplot";

const HEIGHT = 40;

interface Props {
  /** Whose numbers, e.g. a listing's title (its accessible name). */
  label: string;
  days: StatDay[];
  totals: StatCounts;
}

/**
 * One listing's 30 days in a line per series, as wide as its box, with the totals written after it (the
 * numbers a screen reader reads; the lines are a picture of them).
 */
export function Sparkline({ label, days, totals }: Props) {
  const [theme] = useTheme();
  return (
    <figure
      aria-label={label}
      data-testid="sparkline"
      className="flex min-w-0 flex-1 flex-wrap items-center gap-x-4 gap-y-1"
    >
      <div className="h-10 min-w-32 flex-1">
        {isEmpty(totals) ? (
          <p className="flex h-full items-center rounded-md border border-dashed px-3 text-xs text-muted-foreground">
            No visits in 30 days
          </p>
        ) : (
          <Lines days={days} />
        )}
      </div>
      <figcaption className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground">
        {SERIES.map((series) => (
          <span key={series.key} className="inline-flex items-center gap-1">
            <SeriesTotal series={series} theme={theme} totals={totals} className="text-foreground" />
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

function Lines({ days }: { days: StatDay[] }) {
  const [theme] = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const data = useMemo(() => chartData(days), [days]);
  const options = useMemo(() => sparklineOptions(theme, HEIGHT), [theme]);
  useUplot(container, options, data);
  return <div ref={container} aria-hidden className="h-full w-full" data-testid="sparkline-canvas" />;
}
