import { PERFORMANCE_TEXTS } from "@gallery/schema/performance-texts";
import { PLATFORM_REGISTRY, PLATFORMS } from "@gallery/schema/platforms";
import type { AccountCounts } from "@gallery/schema/stats";
import type uPlot from "uplot";
import type { Theme } from "../../lib/theme";

/** A point's shape: with the dash, what tells series apart without colour (and when they lie on each other). */
export type Marker = "circle" | "square" | "triangle" | "diamond";

/** What a series counts: a listing's visitors (views, each platform's click-outs) or the account's followers gained. */
export type SeriesKey = keyof AccountCounts;
/** A chart's day: its counts of the series it shows (StatDay for a listing's, AccountDay for the account's). */
export type ChartDay = { day: string } & Partial<Record<SeriesKey, number>>;
/** A chart's totals, as its days. */
export type ChartTotals = Partial<Record<SeriesKey, number>>;

export interface ChartSeries {
  key: SeriesKey;
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

/** Views, then each platform's click-outs, then the account's followers gained: the order they are drawn and tabled. */
const ALL_SERIES: ChartSeries[] = [
  { key: "views" as SeriesKey, label: "Views", heading: "Views", color: { light: "#0369a1", dark: "#38bdf8" } },
  ...PLATFORMS.map((platform) => ({
    key: platform,
    label: PLATFORM_REGISTRY[platform].name,
    heading: `${PLATFORM_REGISTRY[platform].name} click-outs`,
    color: PLATFORM_REGISTRY[platform].color,
  })),
  {
    key: "followers" as SeriesKey,
    label: PERFORMANCE_TEXTS.followersGained,
    heading: PERFORMANCE_TEXTS.followersGained,
    color: { light: "#047857", dark: "#34d399" },
  },
].map((series, index) => ({ ...series, ...(STYLES[index % STYLES.length] as Style) }));

/** A listing's series: its visitors (views and click-outs). */
export const SERIES: ChartSeries[] = ALL_SERIES.filter((series) => series.key !== "followers");
/** The account's series (the dashboard's chart): its listings' visitors and the followers it gained. */
export const ACCOUNT_SERIES: ChartSeries[] = ALL_SERIES;

/** A series' count on a day, or in total (0 where the chart's numbers have none). */
export const countOf = (counts: ChartTotals, series: ChartSeries) => counts[series.key] ?? 0;

export const seriesColor = (series: ChartSeries, theme: Theme) => series.color[theme];

/** Nothing counted on any day: the chart would be a flat line, so an explanation is shown instead. */
export const isEmpty = (totals: ChartTotals, series: ChartSeries[] = SERIES) =>
  series.every((each) => countOf(totals, each) === 0);

/** A stat day ('2026-11-03', UTC) as the chart's x value: seconds since the epoch, as uPlot's time scale wants. */
export const dayToSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

const SHORT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const LONG = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

/** 'Nov 3': the axis's day labels. */
export const shortDay = (seconds: number) => SHORT.format(seconds * 1000);
/** 'Tue, Nov 3': the tooltip's and the table's days. */
export const longDay = (seconds: number) => LONG.format(seconds * 1000);

/** The chart's data: the days, then one row of counts per series. */
export function chartData(days: ChartDay[], series: ChartSeries[] = SERIES): uPlot.AlignedData {
  return [days.map((day) => dayToSeconds(day.day)), ...series.map((each) => days.map((day) => countOf(day, each)))];
}
