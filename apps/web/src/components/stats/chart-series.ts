import { PLATFORM_REGISTRY, PLATFORMS } from "@gallery/schema/platforms";
import type { StatCounts, StatDay } from "@gallery/schema/stats";
import type uPlot from "uplot";
import type { Theme } from "../../lib/theme";

/** A point's shape: with the dash, what tells series apart without colour (and when they lie on each other). */
export type Marker = "circle" | "square" | "triangle" | "diamond";

export interface ChartSeries {
  key: keyof StatCounts;
  /** The legend's word. */
  label: string;
  /** The table's column heading. */
  heading: string;
  color: { light: string; dark: string };
  /** Canvas line dash in CSS pixels ([] is solid). */
  dash: number[];
  /** Line width in CSS pixels. */
  width: number;
  marker: Marker;
  /** Marker size in CSS pixels. */
  markerSize: number;
}

type Style = Pick<ChartSeries, "dash" | "width" | "marker" | "markerSize">;
/**
 * Line styles in series order: each series differs from the others in dash and marker as well as colour, and
 * each is drawn thinner and with a smaller marker than the one before, over it, so equal series show both.
 */
const STYLES: Style[] = [
  { dash: [], width: 4, marker: "circle", markerSize: 10 },
  { dash: [8, 4], width: 2.25, marker: "square", markerSize: 7 },
  { dash: [2, 3], width: 1.5, marker: "triangle", markerSize: 6 },
  { dash: [10, 3, 2, 3], width: 1.25, marker: "diamond", markerSize: 5 },
];

/** Views, then each platform's click-outs, in the order they are drawn, listed and tabled. */
export const SERIES: ChartSeries[] = [
  { key: "views" as keyof StatCounts, label: "Views", heading: "Views", color: { light: "#0369a1", dark: "#38bdf8" } },
  ...PLATFORMS.map((platform) => ({
    key: platform,
    label: PLATFORM_REGISTRY[platform].name,
    heading: `${PLATFORM_REGISTRY[platform].name} click-outs`,
    color: PLATFORM_REGISTRY[platform].color,
  })),
].map((series, index) => ({ ...series, ...(STYLES[index % STYLES.length] as Style) }));

export const seriesColor = (series: ChartSeries, theme: Theme) => series.color[theme];

/** Nothing counted on any day: the chart would be a flat line, so an explanation is shown instead. */
export const isEmpty = (totals: StatCounts) => SERIES.every((series) => totals[series.key] === 0);

/** A stat day ('2026-11-03', UTC) as the chart's x value: seconds since the epoch, as uPlot's time scale wants. */
export const dayToSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

const SHORT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const LONG = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/** 'Nov 3': the axis's day labels. */
export const shortDay = (seconds: number) => SHORT.format(seconds * 1000);
/** 'Tue, Nov 3': the tooltip's and the table's days. */
export const longDay = (seconds: number) => LONG.format(seconds * 1000);

/** The chart's data: the days, then one row of counts per series. */
export function chartData(days: StatDay[]): uPlot.AlignedData {
  return [days.map((day) => dayToSeconds(day.day)), ...SERIES.map((series) => days.map((day) => day[series.key]))];
}
