// `pnpm bench`, issue 12: the gallery's sorts, tag filters and facets, and the click-out redirect.
import { openDatabase } from "@gallery/db";
import pg from "pg";
import { rebalanceSearchTiers } from "../src/domain/listings/search-tiers.js";
import { refreshScores } from "../src/domain/stats/scores.js";
import { TAGS } from "../src/seed/demo-data.js";
import { loadEachWith, summarize } from "./measure.js";
import { COMMON_WORD, seedClickHistory } from "./seed.js";

/** Unique click-outs seeded over 60 days per listing (issue 12: 10 million at 100,000; issue 26: 100 million at 1,000,000). */
export const CLICKS_PER_LISTING = 100;

/** Seeds the click and view history and computes the scores and search tiers once, as the api's periodic job does. */
export async function seedDiscovery(databaseUrl: string, listings: number) {
  const started = performance.now();
  const seeded = await seedClickHistory(databaseUrl, CLICKS_PER_LISTING * listings);
  const handle = await openDatabase({ databaseUrl });
  try {
    const scored = performance.now();
    await refreshScores(handle.db);
    const scoresMs = Math.round(performance.now() - scored);
    // And the search's popularity tiers cut for the new size, as the same job does after it.
    await rebalanceSearchTiers(handle.db);
    console.log(
      `seeded ${seeded.clicks} click-outs and ${seeded.views} views in ${seeded.rows} daily rows in ${Math.round((performance.now() - started) / 1000)} s (scores refresh ${scoresMs} ms)`,
    );
    return { ...seeded, scoresMs };
  } finally {
    await handle.close();
  }
}

/** The new gallery calls, measured like the others (both ways of answering, 1 and 50 connections). */
export function discoveryScenarios() {
  const [first, second] = [TAGS[0]!, TAGS[1]!];
  return [
    { name: "sort=popular", path: "/api/chatbots?sort=popular" },
    { name: "sort=trending", path: "/api/chatbots?sort=trending" },
    { name: "sort=az", path: "/api/chatbots?sort=az" },
    { name: `tags=${first}`, path: `/api/chatbots?tags=${first}` },
    { name: `tags=${first},${second} sort=popular`, path: `/api/chatbots?tags=${first},${second}&sort=popular` },
    { name: `excludeTags=${first},${second}`, path: `/api/chatbots?excludeTags=${first},${second}` },
    { name: "top tags", path: "/api/chatbots/tags" },
    { name: `top tags, search "${COMMON_WORD}"`, path: `/api/chatbots/tags?search=${COMMON_WORD}` },
  ];
}

/**
 * GET /go/{id}/polybuzz at 50 connections (each request a new visitor: its own user agent), then a
 * graceful stop; the stored click-outs must have grown by exactly the redirects answered.
 */
export async function measureClickOuts(options: {
  serverUrl: string;
  databaseUrl: string;
  duration: number;
  connections: number[];
  stop: () => Promise<void>;
}) {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const stored = async () =>
    Number(
      (await client.query("SELECT coalesce(sum(count), 0) AS n FROM listing_stats_daily WHERE kind = 'polybuzz'"))
        .rows[0].n,
    );
  try {
    const ids: string[] = (
      await client.query(
        "SELECT id FROM chatbots WHERE NOT nsfw AND polybuzz_url IS NOT NULL ORDER BY md5(id::text) LIMIT 1000",
      )
    ).rows.map((row: { id: string }) => row.id);
    const before = await stored();
    const load = await loadEachWith(options, (n) => ({
      method: "GET",
      path: `/go/${ids[n % ids.length]}/polybuzz`,
      // A visitor is their address (one voice each): a new one per request, from the benchmarking range
      // 198.18.0.0/15, named by X-Forwarded-For (the bench's server trusts a proxy on loopback).
      headers: {
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36",
        "x-forwarded-for": `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`,
      },
    }));
    const sent = load.sent();
    const results = load.runs.map(({ connections, result }) => {
      const redirects = Number(
        (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats["302"]?.count ??
          0,
      );
      const summary = summarize(result, connections);
      return { connections, ...summary, non2xx: summary.non2xx - redirects, redirects };
    });
    const answered = results.reduce((total, r) => total + r.redirects, 0);
    await options.stop();
    const counted = (await stored()) - before;
    // Requests still in flight when a measurement ends are answered by the server but not by autocannon, so the
    // count lies between the redirects autocannon saw and the requests it sent (each a new visitor).
    console.log(`click-outs: ${sent} sent, ${answered} redirects seen, ${counted} counted after a graceful stop`);
    return { results, sent, answered, counted };
  } finally {
    await client.end();
  }
}
