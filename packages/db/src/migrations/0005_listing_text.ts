import { type Kysely, sql } from "kysely";

/**
 * A listing's own words: a tagline for its card and a description for its page (both optional). And the
 * SFW listings in id order, which the sitemap pages through (keyset, no sort over the whole table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chatbots ADD COLUMN tagline text, ADD COLUMN description text`.execute(db);
  await sql`CREATE INDEX chatbots_sfw_id_idx ON chatbots (id) WHERE nsfw = false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS chatbots_sfw_id_idx`.execute(db);
  await sql`ALTER TABLE chatbots DROP COLUMN IF EXISTS description, DROP COLUMN IF EXISTS tagline`.execute(db);
}
