import { cn } from "@gallery/ui";
import type { Theme } from "../../lib/theme";
import { type ChartSeries, type ChartTotals, countOf, seriesColor } from "./chart-series";
import { markerSvgPath } from "./markers";

/** A series' key as drawn: a short stretch of its line (colour and dash) with its marker. */
export function SeriesSwatch({ series, color }: { series: ChartSeries; color: string }) {
  return (
    <svg viewBox="0 0 24 12" className="h-3 w-6 shrink-0" aria-hidden>
      <line
        x1="0"
        x2="24"
        y1="6"
        y2="6"
        stroke={color}
        strokeWidth={Math.min(series.width, 3)}
        strokeDasharray={series.dash.join(" ")}
      />
      <path d={markerSvgPath(series.marker)} transform="translate(6 0)" fill={color} />
    </svg>
  );
}

/** A legend's entry: the series' swatch, its name and its total (`total-{key}`). */
export function SeriesTotal(props: { series: ChartSeries; theme: Theme; totals: ChartTotals; className?: string }) {
  const { series, theme, totals } = props;
  return (
    <>
      <SeriesSwatch series={series} color={seriesColor(series, theme)} />
      {series.label}{" "}
      <strong className={cn("tabular-nums", props.className)} data-testid={`total-${series.key}`}>
        {countOf(totals, series)}
      </strong>
    </>
  );
}
