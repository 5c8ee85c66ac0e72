import { type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../deps.js";
import type { SearchColumns } from "./search.js";

/**
 * The most popular listings a search finds, at a bounded cost (issue 39 §1's speed at 1M listings,
 * docs/bench/search.md): Best match's candidates (queries.ts) and the search box's suggestions (suggestions.ts).
 *
 * First a walk: the WALK_MAX most popular listings the viewer may see, in popularity order, along
 * listing_facets_walk_idx (facets-copy.ts), which carries each listing's document when it is small enough for a
 * btree entry (search_key; a longer one is read from the row), so a common word's most popular matches are found
 * from the index alone, without a page of the table per listing. When the walk finds `limit` matches, they are the
 * `limit` most popular (the walk is in that order). Else the term is rare among the most popular listings, and the
 * document's GIN index reads its matches, which are then few: words that never meet ("crimson witch": each in one
 * listing of sixteen at 1M, together in none) intersect in the index. So no term reads the whole table, as a walk
 * without a bound did (7.5 s per request for words estimated common but never together), and a common word never
 * reads each of its matches' rows, as the GIN index alone did (62,500 rows for "librarain" at 1M).
 */
export const WALK_MAX = 20_000;

/** A listing's document and search text in the walk: the index's copy, else the row's (`w`: the walked listing). */
const WALKED: SearchColumns = {
  // Functions (migration 202611290507): a subquery here is costed as a read per listing walked (JIT-compiled).
  doc: sql`coalesce(w.search_key, listing_search_doc(w.id))`,
  text: sql`listing_search_text(w.id)`,
};
/** The same, read from the row (`c`: listing_facets). */
const ROW: SearchColumns = { doc: sql`c.search_doc`, text: sql`c.search_text` };

/**
 * `ids`: the ids of the `limit` most popular listings (popularity, then id, both descending) among `rows` (listing_facets
 * aliased `c`, with the viewer's visibility and the gallery's other filters) that meet `condition` (over a
 * listing's document and search text), most popular first. The same ids as reading every match through the GIN
 * index in that order (past the walk, by `indexed`'s condition), on PostgreSQL and PGlite alike. `walkMax`: the walk's
 * bound (0: no walk; tests make it small). `byWalk`: whether the walk found them (else the term is rare among the
 * walk's listings, and so is any narrower term).
 */
export async function mostPopularMatches<DB, TB extends keyof DB>(
  db: Db,
  rows: () => SelectQueryBuilder<DB, TB, object>,
  condition: (columns: SearchColumns) => RawBuilder<boolean>,
  limit: number,
  walkMax = WALK_MAX,
  /** The condition for the GIN index's read, when another (search.ts withListedStarts): `condition` by default. */
  indexed?: () => Promise<(columns: SearchColumns) => RawBuilder<boolean>>,
): Promise<{ ids: string[]; byWalk: boolean }> {
  if (walkMax > 0) {
    // Each listing walked is numbered (in the walk's order, as it goes): the last one, when the walk reaches its
    // bound, is answered too (`matched` false unless it matches), so an answer without it walked every listing.
    const walk = rows()
      .select([
        sql<string>`c.id`.as("id"),
        sql<number>`c.popular_score`.as("popular_score"),
        sql`c.search_key`.as("search_key"),
        sql<number>`row_number() OVER (ORDER BY c.popular_score DESC, c.id DESC)`.as("walked"),
      ])
      .orderBy(sql`c.popular_score`, "desc")
      .orderBy(sql`c.id`, "desc")
      .limit(sql.lit(walkMax));
    const { rows: walked } = await sql<{ id: string; matched: boolean; last: boolean }>`
      SELECT w.id, m.matched, w.walked = ${sql.lit(walkMax)} AS last
      FROM (${walk}) AS w CROSS JOIN LATERAL (SELECT ${condition(WALKED)} AS matched) AS m
      WHERE m.matched OR w.walked = ${sql.lit(walkMax)}
      ORDER BY w.popular_score DESC, w.id DESC LIMIT ${sql.lit(limit)}`.execute(db);
    const found = walked.filter((row) => row.matched).map((row) => row.id);
    const cut = walked.some((row) => row.last);
    if (found.length >= limit || !cut) return { ids: found, byWalk: true };
  }
  // `+ 0` keeps the planner off the popularity index: the GIN index reads only the matches.
  const read = (await rows()
    .where((indexed ? await indexed() : condition)(ROW))
    .select(sql<string>`c.id`.as("id"))
    .orderBy(sql`c.popular_score + 0`, "desc")
    .orderBy(sql`c.id`, "desc")
    .limit(sql.lit(limit))
    .execute()) as { id: string }[];
  return { ids: read.map((row) => row.id), byWalk: false };
}
