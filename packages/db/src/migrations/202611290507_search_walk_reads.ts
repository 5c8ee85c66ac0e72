import { type Kysely, sql } from "kysely";

/**
 * A listing's search document and search text read by its id (issue 39 §1, apps/api domain/listings/search-walk.ts):
 * the popularity walk reads them from the row only for a listing whose document is too long for the walk's index.
 * As functions, the planner counts them at their declared cost for each listing walked, where the same read as a
 * subquery was counted as an index scan for every one of them (20,000 at 1M listings): a plan that costly is
 * compiled (JIT, about 30 ms) before it runs, although the read almost never happens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION listing_search_doc(listing uuid) RETURNS tsvector LANGUAGE sql STABLE COST 10 AS $$
      SELECT search_doc FROM listing_facets WHERE id = listing
    $$`.execute(db);
  await sql`
    CREATE FUNCTION listing_search_text(listing uuid) RETURNS text LANGUAGE sql STABLE COST 10 AS $$
      SELECT search_text FROM listing_facets WHERE id = listing
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS listing_search_doc(uuid)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS listing_search_text(uuid)`.execute(db);
}
