import { type Kysely, sql } from "kysely";

/**
 * Popularity tiers for the search at size (issue 39 §1, docs/listings.md "Search at size"). Best match and the
 * suggestions take the most popular matches of a term; through the GIN index alone that meant reading every match
 * to sort it (a common word at 1M listings: tens of thousands of rows). The listings are cut, in popularity order
 * (popular_score, then id, both descending), into tiers of about equal size; each listing's copy in listing_facets
 * carries its document with every word marked with its tier (`search_tiered`: `~3~crimson`, which no typed word can
 * be: words are letters and digits), so one GIN index holds each tier's words apart, and the search reads tier after
 * tier, most popular first, and stops as soon as it has enough: the rows read grow with the tier's size, not the
 * gallery's, and a term found nowhere costs about one look over every tier's words.
 *
 * `search_tiers` holds where each tier after the first begins (its most popular listing's score and id), written by
 * the rebalancing job (domain/listings/search-tiers.ts); with no row every listing is in tier 0 (a small gallery).
 * The copy's columns are declared in domain/listings/facets-copy.ts and installed by the generated migration after
 * this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_tiers (
    tier smallint PRIMARY KEY CHECK (tier > 0),
    first_score integer NOT NULL,
    first_id uuid NOT NULL
  )`.execute(db);
  // A listing's tier: how many tiers begin at or above it (popular_score, id) in popularity order.
  await sql`CREATE FUNCTION search_tier_of(score integer, id uuid) RETURNS smallint LANGUAGE sql STABLE AS $$
    SELECT count(*)::smallint FROM search_tiers t WHERE (score, id) <= (t.first_score, t.first_id)
  $$`.execute(db);
  // The document with each word marked with the tier (weights and positions kept: each lexeme of its text form
  // starts with a quote, at the start or after a space), and a query over such documents from one whose words are
  // marked `~T~`.
  await sql`CREATE FUNCTION search_tiered(doc tsvector, tier smallint) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
    SELECT regexp_replace(doc::text, '(^| )''', '\\1''~' || tier || '~', 'g')::tsvector
  $$`.execute(db);
  await sql`CREATE FUNCTION search_tier_query(query text, tier integer) RETURNS tsquery LANGUAGE sql IMMUTABLE AS $$
    SELECT replace(query, '~T~', '~' || tier || '~')::tsquery
  $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION search_tier_query(text, integer)`.execute(db);
  await sql`DROP FUNCTION search_tiered(tsvector, smallint)`.execute(db);
  await sql`DROP FUNCTION search_tier_of(integer, uuid)`.execute(db);
  await sql`DROP TABLE search_tiers`.execute(db);
}
