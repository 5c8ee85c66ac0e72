import { type Kysely, sql } from "kysely";

/**
 * Each listing's and each creator's JSON in the public read shape, kept on the row so a gallery page
 * reads text instead of having PostgreSQL build 24 objects per request (issue 15, item 9). Both are
 * filled by triggers whose functions the api writes at start from its read model
 * (apps/api/src/domain/listings/stored-shape.ts), the shape's one home; NULL until then, and a NULL is
 * read as the shape built on the spot.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chatbots ADD COLUMN listing_json text`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN creator_json text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER IF EXISTS chatbots_listing_json ON chatbots;
    DROP TRIGGER IF EXISTS users_creator_json ON users;
    DROP TRIGGER IF EXISTS users_listing_json ON users;
    DROP FUNCTION IF EXISTS chatbots_set_listing_json();
    DROP FUNCTION IF EXISTS users_set_creator_json();
    DROP FUNCTION IF EXISTS users_rewrite_listing_json();
    ALTER TABLE chatbots DROP COLUMN IF EXISTS listing_json;
    ALTER TABLE users DROP COLUMN IF EXISTS creator_json`.execute(db);
}
