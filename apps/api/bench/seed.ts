import pg from "pg";
import { ADJECTIVES, FIRST_NAMES, LAST_NAMES, ROLES, SERIES, TAGS } from "../src/seed/demo-data.js";

/** A word every run can search for that only a handful of listings carry (the "rare" search). */
export const RARE_WORD = "zephyrquill";
/** A word in the title of roughly one listing in sixteen (the "common" search). */
export const COMMON_WORD = ADJECTIVES[0]!.toLowerCase();

const sqlArray = (words: readonly string[]) => `ARRAY[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(",")}]`;

/** Tags beyond the curated ones (`tail-1` … `tail-2000`), as a big directory's long tail of rare tags. */
export const LONG_TAIL_TAGS = 2000;

/** A deterministic number in [0, 1) from an integer expression; each seed gives an independent draw. */
const unit = (of: string, seed: number) => `((hashint8extended((${of})::bigint, ${seed}) & 4294967295) / 4294967296.0)`;

/**
 * A 1-based rank from 1 to n drawn with Zipf-like odds (rank k about 1/k): log-uniform over 1..n+1,
 * so a few tags are on many listings and most on few, as in real directories.
 */
const zipf = (n: number, of: string, seed: number) => `least(${n}, floor(exp(${unit(of, seed)} * ln(${n + 1})))::int)`;

/**
 * Adds creators and listings with set-based SQL (not one request each): realistic titles, tags and
 * series, about a fifth NSFW, both platforms, sharing the given stored images. Deterministic.
 * Tags: two curated ones drawn Zipf-like (the first on about two listings in five, the last on under
 * 3%), and on every other listing one of LONG_TAIL_TAGS rare ones. Creators: drawn as u² (the top 1%
 * hold about a tenth of the listings; the biggest about 0.3%, 3,000 at a million).
 */
export async function seedListings(
  databaseUrl: string,
  options: {
    creators: number;
    listings: number;
    images: Array<{ imageUrl: string; imageKey: string; thumbnailKey: string }>;
  },
) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existingCreators = Number(
      (await client.query("SELECT count(*) FROM users WHERE email LIKE 'bench-%'")).rows[0].count,
    );
    const newCreators = Math.max(0, options.creators - existingCreators);
    await client.query(
      `INSERT INTO users (email, first_name, last_name, nickname)
       SELECT 'bench-' || g || '@bench.test',
              (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}],
              (${sqlArray(LAST_NAMES)})[1 + (g / 7) % ${LAST_NAMES.length}],
              CASE WHEN g % 3 = 0 THEN NULL ELSE 'creator' || g END
       FROM generate_series($1::int, $2::int) AS g`,
      [existingCreators + 1, existingCreators + newCreators],
    );
    const creatorIds: string[] = (
      await client.query("SELECT id FROM users WHERE email LIKE 'bench-%' ORDER BY email")
    ).rows.map((row: { id: string }) => row.id);
    const existing = Number((await client.query("SELECT count(*) FROM chatbots")).rows[0].count);
    const toAdd = Math.max(0, options.listings - existing);
    const images = options.images;
    // A load that more than doubles the table goes in without its indexes, built again after (much faster
    // than keeping each index up to date row by row).
    const rebuild = toAdd > existing ? await dropIndexes(client, "chatbots") : [];
    await client.query(
      `INSERT INTO chatbots (title, tags, story_series, polybuzz_cid, polybuzz_url, roleplaya_cid, roleplaya_url,
                             nsfw, image_url, image_key, thumbnail_key, user_id, created_at)
       SELECT (${sqlArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' || (${sqlArray(ROLES)})[1 + (g / 3) % ${ROLES.length}]
                || CASE WHEN g % 20000 = 7 THEN ' ${RARE_WORD}' ELSE '' END,
              ARRAY(SELECT DISTINCT t FROM unnest(ARRAY[
                (${sqlArray(TAGS)})[${zipf(TAGS.length, "g", 1)}],
                (${sqlArray(TAGS)})[${zipf(TAGS.length, "g", 2)}],
                CASE WHEN g % 2 = 0 THEN 'tail-' || ${zipf(LONG_TAIL_TAGS, "g", 3)} END
              ]) AS t WHERE t IS NOT NULL ORDER BY t),
              CASE WHEN g % 2 = 0 THEN (${sqlArray(SERIES)})[1 + (g / 2) % ${SERIES.length}] END,
              CASE WHEN g % 4 <> 3 THEN 'pb-' || g END,
              CASE WHEN g % 4 <> 3 THEN 'https://www.polybuzz.ai/character/chat/pb-' || g END,
              CASE WHEN g % 3 = 0 THEN 'rp-' || g END,
              CASE WHEN g % 3 = 0 THEN 'https://roleplaya.com/chat/rp-' || g END,
              g % 5 = 0,
              ($3::text[])[1 + g % $6], ($4::text[])[1 + g % $6], ($5::text[])[1 + g % $6],
              ($7::uuid[])[1 + floor($8 * ${unit("g", 4)} ^ 2)::int],
              now() - (g || ' seconds')::interval
       FROM generate_series($1::int, $2::int) AS g`,
      [
        existing + 1,
        existing + toAdd,
        images.map((i) => i.imageUrl),
        images.map((i) => i.imageKey),
        images.map((i) => i.thumbnailKey),
        images.length,
        creatorIds,
        creatorIds.length,
      ],
    );
    await client.query("SET maintenance_work_mem = '512MB'");
    for (const definition of rebuild) await client.query(definition);
    await client.query("ANALYZE chatbots");
    await client.query("ANALYZE users");
    // The narrow copy (listing_facets) was filled row by row by its trigger: its GIN index's pending list merged and
    // its statistics taken, as autovacuum does after such a load (else a search reads the pending list each time and
    // is planned for the table as it was before the load).
    await client.query("VACUUM ANALYZE listing_facets");
    return { creators: creatorIds.length, listings: existing + toAdd };
  } finally {
    await client.end();
  }
}

/** Drops a table's indexes that back no constraint; answers their definitions, to create them again. */
export async function dropIndexes(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i
     WHERE i.indrelid = $1::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [table],
  );
  for (const row of rows) await client.query(`DROP INDEX ${row.name}`);
  return rows.map((row) => row.definition);
}

/**
 * Click-out and view history (issue 12): about `clicks` unique click-outs over the last 60 days as
 * daily counts, skewed (Zipf, s = 1.1: the top 1% of listings get about half), a third of the top
 * listings doubling in the last week (so trending differs from popular), and three views per
 * click-out. Set-based: the daily rows are written directly, as the batch writer would have.
 */
export async function seedClickHistory(databaseUrl: string, clicks: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("TRUNCATE listing_stats_daily, listing_stats_visitors");
    await client.query(
      `WITH ranked AS (
         SELECT id, polybuzz_url IS NOT NULL AS pb, roleplaya_url IS NOT NULL AS rp,
                row_number() OVER (ORDER BY md5(id::text)) AS r
         FROM chatbots WHERE polybuzz_url IS NOT NULL OR roleplaya_url IS NOT NULL
       ),
       weighted AS (SELECT id, pb, rp, r, 1.0 / power(r, 1.1) AS w FROM ranked),
       total AS (SELECT sum(w) AS s FROM weighted),
       per AS (SELECT id, pb, rp, r, round($1::bigint * w / s)::bigint AS clicks FROM weighted, total),
       cells AS (
         SELECT id, pb, rp, r, clicks, least(120, greatest(1, ceil(clicks / 4.0)))::int AS n FROM per WHERE clicks > 0
       )
       INSERT INTO listing_stats_daily (chatbot_id, day, kind, count)
       SELECT id, day, kind, sum(count)::int FROM (
         SELECT id, (now() AT TIME ZONE 'UTC')::date - ((k - 1) % 60) AS day,
                CASE WHEN (k <= 60 AND pb) OR NOT rp THEN 'polybuzz' ELSE 'roleplaya' END AS kind,
                greatest(1, round(clicks::numeric / n * CASE WHEN r % 3 = 0 AND (k - 1) % 60 < 7 THEN 2 ELSE 1 END)) AS count
         FROM cells, generate_series(1, n) AS k
       ) cell
       GROUP BY 1, 2, 3`,
      [clicks],
    );
    await client.query(
      `INSERT INTO listing_stats_daily (chatbot_id, day, kind, count)
       SELECT chatbot_id, day, 'view', sum(count)::int * 3 FROM listing_stats_daily GROUP BY 1, 2`,
    );
    await client.query("ANALYZE listing_stats_daily");
    const row = (
      await client.query(
        `SELECT sum(count) FILTER (WHERE kind <> 'view') AS clicks, sum(count) FILTER (WHERE kind = 'view') AS views,
                count(*) AS rows FROM listing_stats_daily`,
      )
    ).rows[0];
    return { clicks: Number(row.clicks), views: Number(row.views), rows: Number(row.rows) };
  } finally {
    await client.end();
  }
}
