import { type Kysely, sql } from "kysely";

/**
 * A series page in its order (issue 26): newest first within one creator's series, so a page is read straight from
 * the index however many listings the series has (the old index found the series' rows, which were then all sorted:
 * a creator with thousands of listings made every page of their series cost as much). It covers the old index's
 * (user_id, story_series) lookups too, which is why that one goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX chatbots_series_newest_idx ON chatbots (user_id, story_series, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`DROP INDEX chatbots_series_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX chatbots_series_idx ON chatbots (user_id, story_series)`.execute(db);
  await sql`DROP INDEX chatbots_series_newest_idx`.execute(db);
}
