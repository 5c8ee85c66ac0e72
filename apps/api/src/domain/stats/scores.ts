import { sql } from "kysely";
import type { Db } from "../deps.js";
import { listingsLockedInIdOrder } from "../listings/row-locks.js";

/** Any number, the same on every replica: only one of them refreshes at a time. */
export const REFRESH_LOCK = 60_061;
/** Daily counts older than this are deleted (the dashboard shows 30 days; trending reads 14). */
export const STATS_KEEP_DAYS = 90;

/**
 * Recomputes every listing's popularity from the daily counts (never from raw clicks), touching only
 * rows whose scores change:
 * - popular: unique click-outs (both platforms) of the last 30 days, today included;
 * - chats this week: the last 7 days' click-outs (the card's visible signal);
 * - trending: the last 7 days against the 7 before, (recent − previous) / √(previous + 1), so growth
 *   counts more for a listing that had little, and a steady listing scores 0.
 * Also forgets visitor marks and salts of past days (a mark is only needed for its own day) and counts
 * older than STATS_KEEP_DAYS. Returns false when another replica is refreshing right now. The changed rows are
 * locked in id order before they are written (listings/row-locks.ts), as every write of many listings does.
 */
export async function refreshScores(db: Db): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${REFRESH_LOCK}) AS locked`.execute(
      trx,
    );
    if (!locked.rows[0]?.locked) return false;
    await sql`
      WITH today AS (SELECT (now() AT TIME ZONE 'UTC')::date AS d),
      windowed AS (
        SELECT s.chatbot_id,
          sum(s.count) AS popular,
          coalesce(sum(s.count) FILTER (WHERE s.day > today.d - 7), 0) AS recent,
          coalesce(sum(s.count) FILTER (WHERE s.day <= today.d - 7 AND s.day > today.d - 14), 0) AS previous
        FROM listing_stats_daily s, today
        WHERE s.day > today.d - 30 AND s.kind <> 'view'
        GROUP BY s.chatbot_id
      ),
      scores AS (
        SELECT c.id, c.popular_score, c.trending_score, c.chats_this_week,
          coalesce(w.popular, 0)::int AS popular,
          coalesce(w.recent, 0)::int AS week,
          coalesce((w.recent - w.previous) / sqrt(w.previous + 1), 0)::float8 AS trending
        FROM chatbots c LEFT JOIN windowed w ON w.chatbot_id = c.id
        WHERE w.chatbot_id IS NOT NULL OR c.popular_score <> 0 OR c.trending_score <> 0 OR c.chats_this_week <> 0
      ),
      changed AS (
        SELECT id, popular, week, trending FROM scores
        WHERE (popular_score, trending_score, chats_this_week) IS DISTINCT FROM (popular, trending, week)
      ),
      locked AS ${listingsLockedInIdOrder(trx, sql<boolean>`id IN (SELECT id FROM changed)`)}
      UPDATE chatbots c SET popular_score = s.popular, trending_score = s.trending, chats_this_week = s.week
      FROM changed s JOIN locked USING (id)
      -- Asked again of the row as locked: a write committed since the scan may have left it as wanted already.
      WHERE c.id = s.id
        AND (c.popular_score, c.trending_score, c.chats_this_week) IS DISTINCT FROM (s.popular, s.trending, s.week)`.execute(
      trx,
    );
    const yesterday = sql<string>`(now() AT TIME ZONE 'UTC')::date - 1`;
    await trx.deleteFrom("listingStatsVisitors").where("day", "<", yesterday).execute();
    await trx.deleteFrom("listingStatsSalts").where("day", "<", yesterday).execute();
    await trx
      .deleteFrom("listingStatsDaily")
      .where("day", "<", sql<string>`(now() AT TIME ZONE 'UTC')::date - ${STATS_KEEP_DAYS}::int`)
      .execute();
    return true;
  });
}
