import type { StatCounts, StatDay } from "@gallery/schema/stats";
import { dayToSeconds, longDay, SERIES } from "./chart-series";

/**
 * The chart's numbers as a table, behind a disclosure: the same days and counts for screen readers and for
 * anyone who prefers reading numbers to a picture.
 */
export function StatsTable({ label, days, totals }: { label: string; days: StatDay[]; totals: StatCounts }) {
  return (
    <details className="group text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md px-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
        Show the numbers as a table
      </summary>
      {/* No scrolling box: the opened table is read in the page's own flow (and by the keyboard with it). */}
      <div className="mt-2 rounded-md border">
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{label}: unique visitors per day (UTC)</caption>
          <thead className="bg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Day
              </th>
              {SERIES.map((series) => (
                <th key={series.key} scope="col" className="px-3 py-2 text-right font-medium">
                  {series.heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {longDay(dayToSeconds(day.day))}
                </th>
                {SERIES.map((series) => (
                  <td key={series.key} className="px-3 py-1.5 text-right">
                    {day[series.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t font-medium">
            <tr>
              <th scope="row" className="px-3 py-2">
                Total
              </th>
              {SERIES.map((series) => (
                <td key={series.key} className="px-3 py-2 text-right">
                  {totals[series.key]}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}
