import type { TestApp } from "./app.js";

/** A listing's counts of today as stored (kind → count: `view`, or a platform's click-outs), read straight from its table. */
export async function dailyCounts(app: TestApp, id: string): Promise<Record<string, number>> {
  const rows = await app.database.db
    .selectFrom("listingStatsDaily")
    .select(["kind", "count"])
    .where("chatbotId", "=", id)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, row.count]));
}
