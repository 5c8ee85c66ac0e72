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

/** chatbots.recordView as the listing page sends it: from a browser (`agent`) at an address, as a member or a visitor. */
export const recordView = (app: TestApp, id: string, from: { agent: string; address?: string; cookie?: string }) =>
  app.inject({
    method: "POST",
    url: "/trpc/chatbots.recordView",
    ...(from.address ? { remoteAddress: from.address } : {}),
    headers: {
      "user-agent": from.agent,
      "content-type": "application/json",
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
    payload: JSON.stringify({ id }),
  });
