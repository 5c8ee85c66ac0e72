import { type Kysely, sql } from "kysely";

/**
 * Click-outs and listing page views (issue 12): unique visitors per listing, day and kind ('view',
 * 'polybuzz', 'roleplaya'), and the popularity scores the gallery sorts by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // What the dashboard, the admin panel and the scores read: one row per listing, day and kind.
  await sql`
    CREATE TABLE listing_stats_daily (
      chatbot_id uuid NOT NULL,
      day date NOT NULL,
      kind text NOT NULL CHECK (kind IN ('view', 'polybuzz', 'roleplaya')),
      count integer NOT NULL CHECK (count >= 0),
      PRIMARY KEY (chatbot_id, day, kind)
    )`.execute(db);
  await sql`CREATE INDEX listing_stats_daily_day_idx ON listing_stats_daily (day)`.execute(db);

  // Who was already counted today: a keyed hash with the day's salt, never an address. Rows of past
  // days are pruned; a conflict on the primary key is what makes a repeat count once on any replica.
  await sql`
    CREATE TABLE listing_stats_visitors (
      day date NOT NULL,
      chatbot_id uuid NOT NULL,
      kind text NOT NULL,
      visitor bytea NOT NULL,
      PRIMARY KEY (day, chatbot_id, kind, visitor)
    )`.execute(db);

  // One random salt per day, shared by every replica; deleted after the day, so a hash cannot be
  // recomputed from an address afterwards.
  await sql`
    CREATE TABLE listing_stats_salts (
      day date PRIMARY KEY,
      salt bytea NOT NULL
    )`.execute(db);

  // Scores kept on the listing (refreshed from the daily rows), so a sorted page walks an index.
  await sql`
    ALTER TABLE chatbots
      ADD COLUMN popular_score integer NOT NULL DEFAULT 0,
      ADD COLUMN trending_score double precision NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX chatbots_popular_idx ON chatbots (popular_score DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX chatbots_popular_sfw_idx ON chatbots (popular_score DESC, id DESC) WHERE NOT nsfw`.execute(db);
  await sql`CREATE INDEX chatbots_trending_idx ON chatbots (trending_score DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX chatbots_trending_sfw_idx ON chatbots (trending_score DESC, id DESC) WHERE NOT nsfw`.execute(
    db,
  );
  await sql`CREATE INDEX chatbots_title_idx ON chatbots (lower(title), id)`.execute(db);
  await sql`CREATE INDEX chatbots_title_sfw_idx ON chatbots (lower(title), id) WHERE NOT nsfw`.execute(db);
  // Tag include (@>) and exclude (&&) filters.
  await sql`CREATE INDEX chatbots_tags_idx ON chatbots USING gin (tags)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS chatbots_tags_idx, chatbots_title_sfw_idx, chatbots_title_idx,
    chatbots_trending_sfw_idx, chatbots_trending_idx, chatbots_popular_sfw_idx, chatbots_popular_idx`.execute(db);
  await sql`ALTER TABLE chatbots DROP COLUMN IF EXISTS trending_score, DROP COLUMN IF EXISTS popular_score`.execute(db);
  await sql`DROP TABLE IF EXISTS listing_stats_salts, listing_stats_visitors, listing_stats_daily`.execute(db);
}
