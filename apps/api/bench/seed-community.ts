import pg from "pg";
import { dropIndexes } from "./seed.js";

/** Words of the seeded reviews' texts (about three in ten reviews have one). */
const OPENINGS = ["Loved it", "Great story", "Not for me", "Surprisingly deep", "Fun for an evening", "Too short"];
const CLOSINGS = [
  "the character stays in role the whole time.",
  "the replies are quick and witty.",
  "it forgets what happened after a while.",
  "the world building is rich and consistent.",
  "I would like more choices in the story.",
];
const sqlArray = (words: readonly string[]) => `ARRAY[${words.map((w) => `'${w.replaceAll("'", "''")}'`).join(",")}]`;
/** A deterministic number in [0, 1) from an integer expression; each seed gives an independent draw. */
const unit = (of: string, seed: number) => `((hashint8extended((${of})::bigint, ${seed}) & 4294967295) / 4294967296.0)`;

/**
 * Drops a table's foreign keys and unique constraints (not its primary key, which others reference); answers the
 * statements that add them again (checked then in one pass each, rather than row by row during a load).
 */
async function dropConstraints(client: pg.Client, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
     WHERE conrelid = $1::regclass AND contype IN ('f', 'u') ORDER BY contype DESC, conname`,
    [table],
  );
  for (const row of rows) await client.query(`ALTER TABLE ${table} DROP CONSTRAINT ${row.name}`);
  return rows.map((row) => `ALTER TABLE ${table} ADD CONSTRAINT ${row.name} ${row.definition}`);
}

/** The review counts' skew: listing of rank k gets about A / k^SKEW reviews (a few very many, most a handful). */
const SKEW = 0.8;

export interface CommunitySeed {
  reviews: number;
  reviewers: number;
  /** Listings by rank (most reviewed first), visible to visitors (not NSFW), with their review counts. */
  popular: Array<{ id: string; reviews: number }>;
  /** A listing with a handful of reviews (the median's). */
  typical: { id: string; reviews: number };
  /** The large public collections (COLLECTION_ITEMS_MAX items each) and their owners. */
  largeCollections: Array<{ id: string; userId: string; items: number }>;
  collections: number;
  collectionItems: number;
  /** Members with many notifications, and how many of theirs are unread. */
  heavyRecipients: Array<{ id: string; notifications: number; unread: number }>;
  notifications: number;
  /** Members who may review (verified, old enough), each with a collection of `writerItems` listings. */
  writers: Array<{ id: string; collectionId: string }>;
  seconds: Record<string, number>;
}

/**
 * Reviews, collections and notifications over the listings already seeded (seed.ts seedListings), with set-based
 * SQL (generate_series, no request each). Reviews: the listings ranked by a hash of their id, rank k getting about
 * A / k^0.8 of them (A chosen so they add up to `reviews`: at 1M listings and 10M reviews the first has about
 * 134,000, the 1,000th about 530, the last 2: 9.98M in all), by distinct members (`reviewers` of them), stars skewed to 4 and 5,
 * three in ten with a text, helpful counts mostly 0 and a few in the hundreds (kept as counts: no vote rows), dates
 * over two years, every review from its own address (all count). The listings' rating_count/rating_sum are then
 * written once from them (the stored read shape's trigger refreshes each listing's card). Their triggers are off
 * during the loads (no per-row notification, no change feed), and the reviews' indexes, unique key and foreign keys
 * made after (each checked once over the whole table).
 * Collections: `largeCollections` public ones with 500 items, 50,000 with 1-20, one per writer with `writerItems`.
 * Notifications: five per reviewer, and 20,000 each for the heavy recipients (the newest 60 % unread).
 */
export async function seedCommunity(
  databaseUrl: string,
  options: {
    reviews: number;
    largeCollections: number;
    smallCollections: number;
    heavyRecipients: number;
    writers: number;
    writerItems: number;
  },
): Promise<CommunitySeed> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seconds: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    seconds[name] = Math.round((performance.now() - started) / 100) / 10;
    console.log(`  ${name}: ${seconds[name]} s`);
  };
  const one = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows[0] as T;
  try {
    await client.query("SET maintenance_work_mem = '512MB'");
    const listings = Number((await one<{ n: string }>("SELECT count(*) AS n FROM chatbots")).n);
    // A with the sum over k of A / k^s = reviews, summed exactly (the integral's L^(1-s) / (1-s) left 9.4M of 10M).
    let weights = 0;
    for (let k = 1; k <= listings; k++) weights += k ** -SKEW;
    const top = Math.max(1, Math.round(options.reviews / weights));
    const reviewers = top + 1000;
    await step("members", async () => {
      await client.query(
        `INSERT INTO users (email, nickname, email_verified, created_at)
         SELECT 'reviewer-' || g || '@bench.test', 'reader' || g, true, now() - interval '60 days'
         FROM generate_series(1, $1::int) AS g`,
        [reviewers + options.writers + options.heavyRecipients + options.largeCollections],
      );
      await client.query(
        `CREATE TEMP TABLE bench_members AS
         SELECT substring(email FROM '^reviewer-([0-9]+)@')::int - 1 AS n, id FROM users WHERE email LIKE 'reviewer-%'`,
      );
      await client.query("CREATE UNIQUE INDEX ON bench_members (n)");
      await client.query(
        `CREATE TEMP TABLE bench_ranked AS
         SELECT id, nsfw, k, greatest(1, round(${top} * power(k, -${SKEW})))::int AS reviews
         FROM (SELECT id, nsfw, row_number() OVER (ORDER BY md5(id::text)) AS k FROM chatbots) r`,
      );
      await client.query("CREATE UNIQUE INDEX ON bench_ranked (k)");
      await client.query("ANALYZE bench_members");
      await client.query("ANALYZE bench_ranked");
    });
    // The loads go in without the tables' own triggers (no per-row notification or change-feed message; the counts
    // they keep are written once below); the foreign keys are still checked.
    const triggers = async (on: boolean) => {
      for (const table of ["reviews", "collections", "collection_items", "notifications"])
        await client.query(`ALTER TABLE ${table} ${on ? "ENABLE" : "DISABLE"} TRIGGER USER`);
    };
    await triggers(false);
    await step("reviews", async () => {
      const rebuild = [...(await dropConstraints(client, "reviews")), ...(await dropIndexes(client, "reviews"))];
      const x = `(r.k * 400009 + j)`;
      await client.query(
        `INSERT INTO reviews (chatbot_id, user_id, rating, body, helpful_count, author_address, rated_on, created_at,
                              updated_at, counts_in_average)
         SELECT r.id, m.id,
                (ARRAY[1, 2, 3, 3, 4, 4, 4, 5, 5, 5])[1 + floor(10 * ${unit(x, 1)})::int],
                CASE WHEN ${unit(x, 2)} < 0.3 THEN (${sqlArray(OPENINGS)})[1 + floor(${OPENINGS.length} * ${unit(x, 3)})::int]
                  || ': ' || (${sqlArray(CLOSINGS)})[1 + floor(${CLOSINGS.length} * ${unit(x, 4)})::int] END,
                floor(power(${unit(x, 5)}, 8) * least(500, r.reviews / 20))::int,
                int8send(hashint8extended(${x}, 6)),
                t::date, t, t, true
         FROM bench_ranked r
         CROSS JOIN LATERAL generate_series(1, r.reviews) AS j
         JOIN bench_members m ON m.n = (j + r.k * 7919) % ${reviewers}
         CROSS JOIN LATERAL (SELECT now() - ${unit(x, 7)} * interval '730 days' AS t) d`,
      );
      // Indexes first, then the constraints (a unique one builds its own index, a foreign key checks every row once).
      for (const definition of rebuild.reverse()) await client.query(definition);
    });
    await step("listings' ratings", async () => {
      await client.query(
        `CREATE TEMP TABLE bench_ratings AS
         SELECT chatbot_id, count(*)::int AS n, sum(rating)::int AS s FROM reviews GROUP BY chatbot_id`,
      );
      const rebuild = await dropIndexes(client, "chatbots");
      // The listings' triggers run (the stored read shape takes each card's score), as the reviews' would have.
      await client.query(
        `UPDATE chatbots c SET rating_count = b.n, rating_sum = b.s FROM bench_ratings b WHERE c.id = b.chatbot_id`,
      );
      for (const definition of rebuild) await client.query(definition);
    });
    const memberOffset = reviewers;
    await step("collections", async () => {
      // Large public ones: 500 listings each (one in five NSFW, as the listings), owned by their own members.
      await client.query(
        `INSERT INTO collections (user_id, title, description, is_public, created_at, updated_at)
         SELECT m.id, 'Big shelf ' || g, 'Five hundred favourites', true, now() - interval '30 days', now()
         FROM generate_series(0, $1::int - 1) AS g JOIN bench_members m ON m.n = $2::int + g`,
        [options.largeCollections, memberOffset],
      );
      await client.query(
        `INSERT INTO collection_items (collection_id, chatbot_id, position, added_at)
         SELECT k.id, r.id, i, now() - (i || ' minutes')::interval
         FROM (SELECT id, row_number() OVER (ORDER BY title) - 1 AS g FROM collections WHERE title LIKE 'Big shelf %') k
         CROSS JOIN generate_series(0, 499) AS i
         JOIN bench_ranked r ON r.k = 1 + k.g * 500 + i`,
      );
      // Many small ones (1-20 items), by reviewers.
      await client.query(
        `INSERT INTO collections (user_id, title, is_public, created_at, updated_at)
         SELECT m.id, 'Shelf ' || g, g % 3 <> 0, now() - (g || ' minutes')::interval, now()
         FROM generate_series(1, $1::int) AS g JOIN bench_members m ON m.n = g % ${reviewers}`,
        [options.smallCollections],
      );
      await client.query(
        `INSERT INTO collection_items (collection_id, chatbot_id, position)
         SELECT k.id, r.id, i
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS g FROM collections WHERE title LIKE 'Shelf %') k
         CROSS JOIN LATERAL generate_series(0, floor(20 * ${unit("k.g", 11)})::int) AS i
         JOIN bench_ranked r ON r.k = 1 + (k.g * 7 + i * 104729) % ${listings}`,
      );
      // The writers' own, `writerItems` each, to add to.
      await client.query(
        `INSERT INTO collections (user_id, title, is_public)
         SELECT m.id, 'Writer shelf', true
         FROM generate_series(0, $1::int - 1) AS g JOIN bench_members m ON m.n = $2::int + g`,
        [options.writers, memberOffset + options.largeCollections],
      );
      await client.query(
        `INSERT INTO collection_items (collection_id, chatbot_id, position)
         SELECT k.id, r.id, i
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS g FROM collections WHERE title = 'Writer shelf') k
         CROSS JOIN generate_series(0, $1::int - 1) AS i
         JOIN bench_ranked r ON r.k = 1 + (k.g * 13 + i * 31) % ${listings}`,
        [options.writerItems],
      );
    });
    await step("notifications", async () => {
      await client.query(
        `INSERT INTO notifications (recipient_id, kind, actor_id, listing_id, created_at, read_at)
         SELECT m.id, 'newListing', r.id, r.id2, now() - (i || ' hours')::interval,
                CASE WHEN i > 1 THEN now() END
         FROM bench_members m CROSS JOIN generate_series(1, 5) AS i
         JOIN (SELECT k, id AS id2, (SELECT user_id FROM chatbots c WHERE c.id = b.id) AS id FROM bench_ranked b
               WHERE k <= 1000) r ON r.k = 1 + (m.n * 5 + i) % 1000
         WHERE m.n < ${reviewers}`,
      );
      const heavyOffset = memberOffset + options.largeCollections + options.writers;
      await client.query(
        `INSERT INTO notifications (recipient_id, kind, actor_id, listing_id, created_at, read_at)
         SELECT m.id, CASE WHEN i % 4 = 0 THEN 'review' ELSE 'newListing' END, a.id, r.id,
                now() - ((20000 - i) || ' minutes')::interval, CASE WHEN i <= 8000 THEN now() END
         FROM generate_series(0, $1::int - 1) AS g JOIN bench_members m ON m.n = $2::int + g
         CROSS JOIN generate_series(1, 20000) AS i
         JOIN bench_ranked r ON r.k = 1 + (i * 37 + g) % ${listings}
         JOIN bench_members a ON a.n = i % ${reviewers}`,
        [options.heavyRecipients, heavyOffset],
      );
    });
    await triggers(true);
    await step("vacuum and statistics", async () => {
      for (const table of ["chatbots", "reviews", "collections", "collection_items", "notifications", "users"])
        await client.query(`VACUUM ANALYZE ${table}`);
    });
    const counts = await one<{ reviews: string; collections: string; items: string; notifications: string }>(
      `SELECT (SELECT count(*) FROM reviews) AS reviews, (SELECT count(*) FROM collections) AS collections,
              (SELECT count(*) FROM collection_items) AS items, (SELECT count(*) FROM notifications) AS notifications`,
    );
    const popular = (
      await client.query(
        `SELECT r.id, c.rating_count AS reviews FROM bench_ranked r JOIN chatbots c ON c.id = r.id
         WHERE NOT r.nsfw ORDER BY r.k LIMIT 3`,
      )
    ).rows.map((row: { id: string; reviews: number }) => ({ id: row.id, reviews: Number(row.reviews) }));
    const typical = await one<{ id: string; reviews: number }>(
      `SELECT r.id, c.rating_count AS reviews FROM bench_ranked r JOIN chatbots c ON c.id = r.id
       WHERE NOT r.nsfw AND r.k > ${Math.floor(listings / 2)} ORDER BY r.k LIMIT 1`,
    );
    const largeCollections = (
      await client.query(
        `SELECT k.id, k.user_id AS "userId", (SELECT count(*)::int FROM collection_items i WHERE i.collection_id = k.id) AS items
         FROM collections k WHERE k.title LIKE 'Big shelf %' ORDER BY k.title`,
      )
    ).rows;
    const heavyRecipients = (
      await client.query(
        `SELECT recipient_id AS id, count(*)::int AS notifications, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
         FROM notifications GROUP BY recipient_id HAVING count(*) > 1000 ORDER BY 1`,
      )
    ).rows;
    const writers = (
      await client.query(
        `SELECT k.user_id AS id, k.id AS "collectionId" FROM collections k WHERE k.title = 'Writer shelf'
         ORDER BY k.user_id`,
      )
    ).rows;
    return {
      reviews: Number(counts.reviews),
      reviewers,
      popular,
      typical: { id: typical.id, reviews: Number(typical.reviews) },
      largeCollections,
      collections: Number(counts.collections),
      collectionItems: Number(counts.items),
      heavyRecipients,
      notifications: Number(counts.notifications),
      writers,
      seconds,
    };
  } finally {
    await client.end();
  }
}
