import type { Database } from "@gallery/db";
import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../deps.js";

/**
 * Popularity tiers (table search_tiers): the listings cut in popularity order (popular_score, then
 * id, descending) into tiers of about TIER_SIZE, so that the search takes a term's most popular matches tier by
 * tier (`mostPopularByTier`) and reads about a tier's matches, not all of them, however large the gallery.
 */

/** Listings per tier when the tiers are cut; a gallery of fewer than twice this has one tier (no cut). */
export const TIER_SIZE = 16_000;
/** At most this many tiers: a rare term looks into each (one GIN probe a tier). */
export const TIERS_MAX = 64;
/** The tiers are cut again when one holds more than this many times its share (listings added, scores moved). */
const IMBALANCE = 2;

/** The tiers there are: 0, 1, … (one more than the tiers that begin after the first). */
const TIERS = sql`(SELECT generate_series(0, count(*)::int) AS tier FROM search_tiers)`;

/**
 * The `limit` first ids, in popularity order, of the listings `query` finds (a select over listing_facets aliased
 * `c`, with the viewer's and the gallery's conditions) that match `tieredQuery` (tsquery text whose words are marked
 * `~T~`: search.ts positiveQuery): tier by tier, each tier's matches through the tier-marked document's GIN index,
 * sorted by popularity, until `limit` are found. The tiers are cut in that same order, so these are the `limit` most
 * popular matches, as one sort of every match would give. `popular_score + 0` keeps the planner off the popularity
 * index (walking it with the document as a filter reads the whole table for a term found nowhere).
 */
export function mostPopularByTier(query: FacetsQuery, tieredQuery: string, limit: number): RawBuilder<string> {
  const tier = query
    .where(sql<boolean>`c.search_tiered @@ search_tier_query(${tieredQuery}, k.tier)`)
    .select(sql<string>`c.id`.as("candidate"))
    .orderBy(sql`c.popular_score + 0`, "desc")
    .orderBy(sql`c.id`, "desc")
    .limit(sql.lit(limit));
  return sql<string>`(SELECT w.candidate FROM ${TIERS} AS k CROSS JOIN LATERAL (${tier}) AS w LIMIT ${sql.lit(limit)})`;
}

/** A select over listing_facets aliased `c`, typed as queries.ts types its list queries. */
type FacetsQuery = SelectQueryBuilder<Database & { c: Database["chatbots"] }, "c", object>;

/** Any number, the same on every replica: one of them cuts the tiers at a time. */
const REBALANCE_LOCK = 60_062;

/**
 * Cuts the tiers again when the gallery has outgrown them (after each popularity refresh, one replica at a time):
 * when the number of tiers its size calls for changed, or one tier holds more than IMBALANCE times its share. In
 * one transaction the new cuts are written and each listing whose tier moved is rewritten; a listing written
 * meanwhile by a statement that began before takes its tier by the old cuts until it is written again or the next
 * cut, which only changes whether it is among a term's most popular matches. Returns whether it cut.
 */
export async function rebalanceSearchTiers(db: Db, tierSize = TIER_SIZE): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_xact_lock(${REBALANCE_LOCK}) AS locked`.execute(trx);
    if (!locked.rows[0]?.locked) return false;
    const { rows } = await sql<{ listings: string }>`
      SELECT count(*) AS listings FROM listing_facets GROUP BY search_tier`.execute(trx);
    const total = rows.reduce((sum, row) => sum + Number(row.listings), 0);
    if (total === 0) return false;
    // Tiers of tierSize (fewer, larger ones past TIERS_MAX of them); one tier for a gallery of under two.
    const size = total < 2 * tierSize ? total : Math.max(tierSize, Math.ceil(total / TIERS_MAX));
    const tiers = Math.ceil(total / size);
    const largest = Math.max(...rows.map((row) => Number(row.listings)));
    if (rows.length === tiers && largest <= IMBALANCE * size) return false;
    await sql`DELETE FROM search_tiers`.execute(trx);
    // Tier t (t ≥ 1) begins at the listing in place t × size + 1 in popularity order.
    await sql`
      INSERT INTO search_tiers (tier, first_score, first_id)
      SELECT (r - 1) / ${size}, popular_score, id FROM (
        SELECT popular_score, id, row_number() OVER (ORDER BY popular_score DESC, id DESC) AS r FROM listing_facets
      ) ranked
      WHERE r > 1 AND (r - 1) % ${size} = 0`.execute(trx);
    // Each listing whose tier moved rewritten: its tier by the same order the cuts were made in.
    await sql`
      UPDATE listing_facets f
      SET search_tier = x.tier, search_tiered = search_tiered(f.search_doc, x.tier)
      FROM (
        SELECT id, ((row_number() OVER (ORDER BY popular_score DESC, id DESC) - 1) / ${size})::smallint AS tier
        FROM listing_facets
      ) x
      WHERE f.id = x.id AND f.search_tier <> x.tier`.execute(trx);
    return true;
  });
}
