// `pnpm bench`, issue 13: the Following feed, the Saved page and "Most saved", and favourite writes at
// 50 connections (counted after: no lost or doubled rows, the kept counts equal to the rows).
import pg from "pg";
import { loadEachWith, summarize } from "./measure.js";

/** Creators the bench member follows, and listings they saved (issue 13: 200 and 1,000). */
export const FOLLOWED_CREATORS = 200;
export const SAVED_LISTINGS = 1000;

/**
 * Set-based: the member follows FOLLOWED_CREATORS seeded creators and saved SAVED_LISTINGS listings
 * (NSFW ones included, saved one second apart). The 0007 triggers keep the counts as the rows go in.
 */
export async function seedMembers(databaseUrl: string, memberId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("DELETE FROM follows WHERE follower_id = $1", [memberId]);
    await client.query("DELETE FROM favorites WHERE user_id = $1", [memberId]);
    await client.query(
      `INSERT INTO follows (follower_id, followee_id)
       SELECT $1, id FROM users WHERE email LIKE 'bench-%' ORDER BY md5(id::text) LIMIT $2`,
      [memberId, FOLLOWED_CREATORS],
    );
    await client.query(
      `INSERT INTO favorites (user_id, chatbot_id, created_at)
       SELECT $1, id, now() - (row_number() OVER () || ' seconds')::interval
       FROM (SELECT id FROM chatbots ORDER BY md5(id::text) LIMIT $2) AS picked`,
      [memberId, SAVED_LISTINGS],
    );
    // Other members' favourites, so "Most saved" has counts to sort by: up to 20,000 rows by 100 creators,
    // spread unevenly (g² picks some listings more often), joined by row number rather than sorted per member.
    await client.query(
      `INSERT INTO favorites (user_id, chatbot_id)
       SELECT u.id, c.id
       FROM (SELECT id, row_number() OVER (ORDER BY email) AS k
             FROM users WHERE email LIKE 'bench-%' AND id <> $1 ORDER BY email LIMIT 100) AS u
       CROSS JOIN generate_series(1, 200) AS g
       JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM chatbots) AS c
         ON c.n = (u.k * 7919 + g * g * 31) % (SELECT count(*) FROM chatbots)
       ON CONFLICT DO NOTHING`,
      [memberId],
    );
    await client.query("ANALYZE favorites; ANALYZE follows; ANALYZE chatbots");
  } finally {
    await client.end();
  }
}

/** The member's own reads (never shared copies, so both modes measure the database) and the new sort. */
export function memberScenarios() {
  return [
    { name: `following feed (member, ${FOLLOWED_CREATORS} creators)`, path: "/api/user/following", member: true },
    { name: `saved page (member, ${SAVED_LISTINGS} favourites)`, path: "/api/user/favorites", member: true },
    { name: "sort=saved", path: "/api/chatbots?sort=saved" },
  ];
}

/**
 * PUT and DELETE /api/user/favorites/{id} by the member at each connection count, over 500 listings,
 * then counts: the rows must be one per (member, listing), and every listing's kept count must equal
 * its rows.
 */
export async function measureFavoriteWrites(options: {
  serverUrl: string;
  databaseUrl: string;
  duration: number;
  connections: number[];
  cookie: string;
}) {
  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const ids: string[] = (
      await client.query("SELECT id FROM chatbots ORDER BY md5(id::text || 'w') LIMIT 500")
    ).rows.map((row: { id: string }) => row.id);
    const load = await loadEachWith(options, (n) => ({
      method: n % 3 === 2 ? "DELETE" : "PUT",
      path: `/api/user/favorites/${ids[n % ids.length]}`,
      headers: { cookie: options.cookie },
    }));
    const sent = load.sent();
    const results = load.runs.map(({ connections, result }) => ({ connections, ...summarize(result, connections) }));
    const check = (
      await client.query(
        `SELECT
           (SELECT count(*) FROM (SELECT user_id, chatbot_id FROM favorites GROUP BY 1, 2 HAVING count(*) > 1) d)::int AS doubled,
           (SELECT count(*) FROM chatbots c
             WHERE c.favorite_count <> (SELECT count(*) FROM favorites f WHERE f.chatbot_id = c.id))::int AS wrong_counts`,
      )
    ).rows[0] as { doubled: number; wrong_counts: number };
    console.log(
      `favourite writes: ${sent} sent; ${check.doubled} doubled rows, ${check.wrong_counts} listings whose count differs from their rows`,
    );
    return { results, sent, ...check };
  } finally {
    await client.end();
  }
}
