import uPlot from "uplot";
import type { Theme } from "../../lib/theme";
import { type ChartSeries, SERIES, seriesColor, shortDay } from "./chart-series";
import { markerPaths } from "./markers";

/** The theme's own colours (packages/ui styles.css), read when a chart is made for a theme. */
function themeColors() {
  const style = getComputedStyle(document.documentElement);
  return {
    text: style.getPropertyValue("--muted-foreground").trim() || "#71717a",
    grid: style.getPropertyValue("--border").trim() || "#e4e4e7",
    font: `12px ${getComputedStyle(document.body).fontFamily}`,
  };
}

// Counts are whole visitors: the y axis steps by whole numbers only.
const WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000];
const DAY = 86_400;
// Days between x labels, as the width allows.
const DAY_STEPS = [DAY, 2 * DAY, 3 * DAY, 5 * DAY, 7 * DAY, 14 * DAY];

/** Whole-day times in UTC: the stats' days are UTC days, wherever the reader is. */
const utc = (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), "Etc/UTC");

/** The dashboard's chart: day labels under it, counts beside it, a marker per day, a cursor the tooltip follows. */
export function mainChartOptions(
  theme: Theme,
  height: number,
  shown: ChartSeries[] = SERIES,
): Omit<uPlot.Options, "width"> {
  const colors = themeColors();
  const axis = {
    stroke: colors.text,
    font: colors.font,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1, size: 4 },
  };
  return {
    height,
    tzDate: utc,
    legend: { show: false },
    // A vertical line on the day the tooltip tells; the series' own markers stand for the points.
    cursor: { y: false, drag: { x: false, y: false, setScale: false }, points: { show: false } },
    scales: {
      x: { time: true },
      y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] },
    },
    axes: [
      { ...axis, space: 56, incrs: DAY_STEPS, values: (_u, splits) => splits.map(shortDay) },
      { ...axis, space: 32, incrs: WHOLE_STEPS, values: (_u, splits) => splits.map(String), size: 44 },
    ],
    series: [
      {},
      ...shown.map((series) => ({
        label: series.label,
        stroke: seriesColor(series, theme),
        width: series.width,
        dash: series.dash,
        points: {
          show: true,
          size: series.markerSize,
          width: 1,
          fill: seriesColor(series, theme),
          paths: markerPaths(series.marker),
        },
      })),
    ],
  };
}

/** A listing's sparkline: the same lines without axes or cursor, edge to edge in its box. */
export function sparklineOptions(theme: Theme, height: number): Omit<uPlot.Options, "width"> {
  return {
    height,
    tzDate: utc,
    legend: { show: false },
    cursor: { show: false },
    padding: [4, 2, 4, 2],
    scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    axes: [{ show: false }, { show: false }],
    series: [
      {},
      ...SERIES.map((series) => ({
        stroke: seriesColor(series, theme),
        width: series.width * 0.6,
        dash: series.dash.map((length) => length * 0.75),
        points: { show: false },
      })),
    ],
  };
}
