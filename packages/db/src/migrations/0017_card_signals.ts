import { type Kysely, sql } from "kysely";

/**
 * Portrait cards (issue 27): the point of the picture a card's 2:3 crop keeps in view (percent from the left and
 * from the top; the creator may set it when uploading; 50/25 keeps a portrait's upper middle, where faces are),
 * and the click-outs of the last 7 days, the card's visible popularity signal, kept by the score refresh beside
 * popular_score (the last 30 days).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE chatbots
      ADD COLUMN image_focus_x smallint NOT NULL DEFAULT 50
        CONSTRAINT chatbots_image_focus_x_check CHECK (image_focus_x BETWEEN 0 AND 100),
      ADD COLUMN image_focus_y smallint NOT NULL DEFAULT 25
        CONSTRAINT chatbots_image_focus_y_check CHECK (image_focus_y BETWEEN 0 AND 100),
      ADD COLUMN chats_this_week integer NOT NULL DEFAULT 0`.execute(db);
  // The week's counts as the next refresh would write them, so the signal shows from the start.
  await sql`
    UPDATE chatbots c SET chats_this_week = w.recent
    FROM (
      SELECT chatbot_id, sum(count)::int AS recent FROM listing_stats_daily
      WHERE kind <> 'view' AND day > (now() AT TIME ZONE 'UTC')::date - 7
      GROUP BY chatbot_id
    ) w
    WHERE w.chatbot_id = c.id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE chatbots
      DROP COLUMN IF EXISTS chats_this_week,
      DROP COLUMN IF EXISTS image_focus_y,
      DROP COLUMN IF EXISTS image_focus_x`.execute(db);
}
