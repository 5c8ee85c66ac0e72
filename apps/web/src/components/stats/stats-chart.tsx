import { BarChart3 } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import uPlot from "uplot";
import { type Theme, useTheme } from "../../lib/theme";
import { mainChartOptions } from "./chart-options";
import {
  type ChartDay,
  type ChartSeries,
  type ChartTotals,
  chartData,
  countOf,
  dayToSeconds,
  isEmpty,
  longDay,
  SERIES,
  seriesColor,
  shortDay,
} from "./chart-series";
import { SeriesSwatch, SeriesTotal } from "./series-swatch";
import { StatsTable } from "./stats-table";
import { useUplot } from "./use-uplot";

const HEIGHT = 220;

interface Props {
  /** What the chart is of, e.g. 'All listings' (its accessible name). */
  label: string;
  days: ChartDay[];
  totals: ChartTotals;
  /** What will appear here, said instead of drawing a flat line when nothing was counted. */
  empty: ReactNode;
  /** The series drawn, listed and tabled: a listing's visitors unless given (the account adds its followers). */
  series?: ChartSeries[];
  /** The table's name, when it holds more than unique visitors. */
  caption?: string;
}

/**
 * Views and click-outs per platform, one point a day (uPlot, loaded with the dashboard only): day and count
 * axes, a tooltip for the pointer and the arrow keys, a legend whose buttons show and hide each series, and the
 * same numbers as a table.
 */
export function StatsChart({ label, days, totals, empty, series = SERIES, caption }: Props) {
  if (isEmpty(totals, series)) {
    return (
      <figure aria-label={label} data-testid="stats-chart">
        <div className="flex min-h-40 flex-col items-center justify-center gap-2 rounded-md border border-dashed p-6 text-center">
          <BarChart3 className="size-6 text-muted-foreground" aria-hidden />
          <p className="font-medium">Nothing counted in the last 30 days yet</p>
          <p className="max-w-prose text-sm text-muted-foreground">{empty}</p>
        </div>
      </figure>
    );
  }
  return <DrawnChart label={label} days={days} totals={totals} series={series} caption={caption} />;
}

function DrawnChart({ label, days, totals, series: all, caption }: Omit<Props, "empty"> & { series: ChartSeries[] }) {
  const [theme] = useTheme();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState<number | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const data = useMemo(() => chartData(days, all), [days, all]);
  const options = useMemo(
    () => ({
      ...mainChartOptions(theme, HEIGHT, all),
      hooks: { setCursor: [(u: uPlot) => setActive(u.cursor.idx ?? null)] },
    }),
    [theme, all],
  );
  const chart = useUplot(container, options, data);

  // The legend's choices, again after the chart is made anew (a theme change).
  // biome-ignore lint/correctness/useExhaustiveDependencies: new options mean a new chart, which needs them again
  useEffect(() => {
    all.forEach((series, i) => {
      chart.current?.setSeries(i + 1, { show: !hidden.has(series.key) });
    });
  }, [chart, hidden, options]);

  /** Puts the cursor (and so the tooltip) on a day, or takes it away. */
  const showDay = (index: number | null) => {
    const u = chart.current;
    if (!u) return;
    if (index === null) return u.setCursor({ left: -10, top: -10 });
    const x = data[0]?.[index] ?? 0;
    u.setCursor({ left: u.valToPos(x, "x"), top: u.bbox.height / uPlot.pxRatio / 2 });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = days.length - 1;
    const current = active ?? last;
    const next = {
      ArrowLeft: Math.max(0, current - 1),
      ArrowRight: Math.min(last, current + 1),
      Home: 0,
      End: last,
    }[event.key];
    if (event.key === "Escape") showDay(null);
    else if (next !== undefined) {
      event.preventDefault();
      showDay(next);
    }
  };
  const first = data[0]?.[0];
  const lastDay = data[0]?.at(-1);
  const shown = all.filter((series) => !hidden.has(series.key));

  return (
    <figure aria-label={label} data-testid="stats-chart" className="space-y-3">
      <ul className="flex flex-wrap gap-2" aria-label="Series">
        {all.map((series) => (
          <li key={series.key}>
            <button
              type="button"
              aria-pressed={!hidden.has(series.key)}
              onClick={() =>
                setHidden((current) => {
                  const next = new Set(current);
                  if (!next.delete(series.key)) next.add(series.key);
                  return next;
                })
              }
              className="inline-flex min-h-11 items-center gap-2 rounded-md border px-3 text-sm transition-opacity hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring aria-[pressed=false]:text-muted-foreground aria-[pressed=false]:[&>svg]:opacity-30"
            >
              <SeriesTotal series={series} theme={theme} totals={totals} />
            </button>
          </li>
        ))}
      </ul>
      {/* A slider over the days: the arrow keys move the tooltip from day to day, and its value is that day's numbers. */}
      <div
        role="slider"
        tabIndex={0}
        aria-label={`${label}: day, ${shortDay(first ?? 0)} to ${shortDay(lastDay ?? 0)} (UTC)`}
        aria-valuemin={1}
        aria-valuemax={days.length}
        aria-valuenow={(active ?? days.length - 1) + 1}
        aria-valuetext={dayText(days[active ?? days.length - 1], shown)}
        onKeyDown={onKeyDown}
        onFocus={() => active === null && showDay(days.length - 1)}
        onBlur={() => showDay(null)}
        className="relative rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
      >
        <div ref={container} aria-hidden data-testid="stats-canvas" />
        {active !== null && days[active] && (
          <ChartTooltip
            chart={chart.current}
            x={data[0]?.[active] ?? 0}
            day={days[active]}
            shown={shown}
            theme={theme}
          />
        )}
      </div>
      <StatsTable label={label} days={days} totals={totals} series={all} caption={caption} />
    </figure>
  );
}

/** A day's numbers in words: what the slider's value says to a screen reader. */
function dayText(day: ChartDay | undefined, shown: ChartSeries[]): string {
  if (!day) return "";
  const numbers = shown.map((series) => `${series.label} ${countOf(day, series)}`).join(", ");
  return `${longDay(dayToSeconds(day.day))}: ${numbers || "every series is hidden"}`;
}

function ChartTooltip({
  chart,
  x,
  day,
  shown,
  theme,
}: {
  chart: uPlot | null;
  x: number;
  day: ChartDay;
  shown: ChartSeries[];
  theme: Theme;
}) {
  if (!chart) return null;
  const left = chart.over.offsetLeft + chart.valToPos(x, "x");
  // On the right half the tooltip opens to the left of the day, so it stays inside the chart.
  const onRight = left > chart.over.offsetLeft + chart.over.clientWidth / 2;
  return (
    <div
      data-testid="chart-tooltip"
      className="pointer-events-none absolute top-2 z-10 min-w-36 rounded-md border bg-popover px-3 py-2 text-sm text-popover-foreground shadow-md"
      style={onRight ? { right: `calc(100% - ${left - 12}px)` } : { left: left + 12 }}
    >
      <p className="font-medium">{longDay(dayToSeconds(day.day))}</p>
      {shown.length === 0 ? (
        <p className="text-muted-foreground">Every series is hidden</p>
      ) : (
        <ul>
          {shown.map((series) => (
            <li key={series.key} className="flex items-center gap-2">
              <SeriesSwatch series={series} color={seriesColor(series, theme)} />
              <span className="flex-1">{series.label}</span>
              <strong className="tabular-nums">{countOf(day, series)}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
