import { cn } from "@gallery/ui";
import {
  type ChartDay,
  type ChartSeries,
  type ChartTotals,
  countOf,
  dayToSeconds,
  longDay,
  SERIES,
} from "./chart-series";

/**
 * The chart's numbers as a table, behind a disclosure: the same days and counts for screen readers and for
 * anyone who prefers reading numbers to a picture.
 */
export function StatsTable({
  label,
  days,
  totals,
  series = SERIES,
  caption = `${label}: unique visitors per day (UTC)`,
}: {
  label: string;
  days: ChartDay[];
  totals: ChartTotals;
  series?: ChartSeries[];
  /** What the table holds (read as its name): unique visitors per day unless said otherwise. */
  caption?: string;
}) {
  return (
    <details className="group text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        Show the numbers as a table
      </summary>
      {/* No scrolling box: the opened table is read in the page's own flow (and by the keyboard with it). */}
      <div className="mt-2 rounded-md border">
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Day
              </th>
              {series.map((each) => (
                <th key={each.key} scope="col" className="px-3 py-2 text-right font-medium">
                  {each.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {days.map((day) => (
              <CountsRow
                key={day.day}
                heading={longDay(dayToSeconds(day.day))}
                counts={day}
                series={series}
                padding="px-3 py-1.5"
                headingClassName="font-normal"
              />
            ))}
          </tbody>
          <tfoot className="border-t font-medium">
            <CountsRow heading="Total" counts={totals} series={series} padding="px-3 py-2" />
          </tfoot>
        </table>
      </div>
    </details>
  );
}

/** A row of the table: its heading (a day, or Total) and its count of each series. */
function CountsRow(props: {
  heading: string;
  counts: ChartTotals;
  series: ChartSeries[];
  padding: string;
  headingClassName?: string;
}) {
  const { heading, counts, series, padding, headingClassName } = props;
  return (
    <tr>
      <th scope="row" className={cn(padding, headingClassName)}>
        {heading}
      </th>
      {series.map((each) => (
        <td key={each.key} className={cn(padding, "text-right")}>
          {countOf(counts, each)}
        </td>
      ))}
    </tr>
  );
}
