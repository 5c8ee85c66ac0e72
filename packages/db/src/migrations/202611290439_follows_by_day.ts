import { type Kysely, sql } from "kysely";

/**
 * Followers gained per day (issue 38 §4, the dashboard's chart): a creator's follows of the last days are read by
 * (followee, created_at), a range of the index rather than every follower of a popular creator. `follows.created_at`
 * is there since 0007 (NOT NULL, now() by default), so nothing is backfilled. The new index starts with
 * followee_id, so it also serves what `follows_followee_idx` served (a creator's delete cascades through it), which
 * goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX follows_followee_created_idx ON follows (followee_id, created_at)`.execute(db);
  await sql`DROP INDEX follows_followee_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX follows_followee_idx ON follows (followee_id)`.execute(db);
  await sql`DROP INDEX follows_followee_created_idx`.execute(db);
}
