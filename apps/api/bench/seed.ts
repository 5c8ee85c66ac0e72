import pg from "pg";
import { ADJECTIVES, FIRST_NAMES, LAST_NAMES, ROLES, SERIES, TAGS } from "../src/seed/demo-data.js";

/** A word every run can search for that only a handful of listings carry (the "rare" search). */
export const RARE_WORD = "zephyrquill";
/** A word in the title of roughly one listing in sixteen (the "common" search). */
export const COMMON_WORD = ADJECTIVES[0]!.toLowerCase();

const sqlArray = (words: readonly string[]) => `ARRAY[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(",")}]`;

/**
 * Adds creators and listings with set-based SQL (not one request each): realistic titles, tags and
 * series, about a fifth NSFW, both platforms, sharing the given stored images. Deterministic.
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
    await client.query(
      `INSERT INTO chatbots (title, tags, story_series, polybuzz_cid, polybuzz_url, roleplaya_cid, roleplaya_url,
                             nsfw, image_url, image_key, thumbnail_key, user_id, created_at)
       SELECT (${sqlArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' || (${sqlArray(ROLES)})[1 + (g / 3) % ${ROLES.length}]
                || CASE WHEN g % 20000 = 7 THEN ' ${RARE_WORD}' ELSE '' END,
              ARRAY[(${sqlArray(TAGS)})[1 + g % ${TAGS.length}], (${sqlArray(TAGS)})[1 + (g / 5) % ${TAGS.length}]],
              CASE WHEN g % 2 = 0 THEN (${sqlArray(SERIES)})[1 + (g / 2) % ${SERIES.length}] END,
              CASE WHEN g % 4 <> 3 THEN 'pb-' || g END,
              CASE WHEN g % 4 <> 3 THEN 'https://www.polybuzz.ai/character/chat/pb-' || g END,
              CASE WHEN g % 3 = 0 THEN 'rp-' || g END,
              CASE WHEN g % 3 = 0 THEN 'https://roleplaya.com/chat/rp-' || g END,
              g % 5 = 0,
              ($3::text[])[1 + g % $6], ($4::text[])[1 + g % $6], ($5::text[])[1 + g % $6],
              ($7::uuid[])[1 + g % $8],
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
    await client.query("ANALYZE chatbots");
    await client.query("ANALYZE users");
    return { creators: creatorIds.length, listings: existing + toAdd };
  } finally {
    await client.end();
  }
}
