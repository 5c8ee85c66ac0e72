import { type Kysely, sql } from "kysely";

/** A listing's own words: a tagline for its card and a description for its page (both optional). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chatbots ADD COLUMN tagline text, ADD COLUMN description text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chatbots DROP COLUMN IF EXISTS description, DROP COLUMN IF EXISTS tagline`.execute(db);
}
