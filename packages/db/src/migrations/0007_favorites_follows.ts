import { type Kysely, sql } from "kysely";

/**
 * Favourites and follows (issue 13). A favourite is one row per member and listing, a follow one row per
 * follower and creator; both go when either side is deleted (FK cascades). The counts the pages show are
 * kept on the listing (`chatbots.favorite_count`, sorted by "Most saved") and on the creator
 * (`users.follower_count`) by row triggers, so they change in the same transaction as the row, also
 * when a cascade removes rows. The count updates write `chatbots`/`users`, whose triggers
 * (0002_change_notifications) drop the shared copies that show those counts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE favorites (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      chatbot_id uuid NOT NULL REFERENCES chatbots (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, chatbot_id)
    )`.execute(db);
  // The Saved page: a member's favourites, newest saved first (keyset on created_at, chatbot_id).
  await sql`CREATE INDEX favorites_saved_idx ON favorites (user_id, created_at DESC, chatbot_id DESC)`.execute(db);
  // A listing's delete cascades through this index.
  await sql`CREATE INDEX favorites_chatbot_idx ON favorites (chatbot_id)`.execute(db);

  await sql`
    CREATE TABLE follows (
      follower_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      followee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (follower_id, followee_id),
      CONSTRAINT follows_not_self CHECK (follower_id <> followee_id)
    )`.execute(db);
  // A creator's delete cascades through this index.
  await sql`CREATE INDEX follows_followee_idx ON follows (followee_id)`.execute(db);

  await sql`ALTER TABLE chatbots ADD COLUMN favorite_count integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE users ADD COLUMN follower_count integer NOT NULL DEFAULT 0`.execute(db);
  // "Most saved", as 0006 indexed popular: id breaks ties, and a twin for visitors (SFW only).
  await sql`CREATE INDEX chatbots_saved_idx ON chatbots (favorite_count DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX chatbots_saved_sfw_idx ON chatbots (favorite_count DESC, id DESC) WHERE NOT nsfw`.execute(db);

  // The counts follow the rows: one update of the counted row per inserted or deleted row, in the
  // same transaction (a cascade from a deleted listing updates nothing: its row is already gone).
  await sql`
    CREATE FUNCTION favorites_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE chatbots SET favorite_count = favorite_count + 1 WHERE id = NEW.chatbot_id;
      ELSE
        UPDATE chatbots SET favorite_count = favorite_count - 1 WHERE id = OLD.chatbot_id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER favorites_count AFTER INSERT OR DELETE ON favorites
    FOR EACH ROW EXECUTE FUNCTION favorites_count()`.execute(db);
  await sql`
    CREATE FUNCTION follows_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        UPDATE users SET follower_count = follower_count + 1 WHERE id = NEW.followee_id;
      ELSE
        UPDATE users SET follower_count = follower_count - 1 WHERE id = OLD.followee_id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER follows_count AFTER INSERT OR DELETE ON follows
    FOR EACH ROW EXECUTE FUNCTION follows_count()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS follows, favorites`.execute(db);
  await sql`DROP FUNCTION IF EXISTS follows_count, favorites_count`.execute(db);
  await sql`DROP INDEX IF EXISTS chatbots_saved_sfw_idx, chatbots_saved_idx`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS follower_count`.execute(db);
  await sql`ALTER TABLE chatbots DROP COLUMN IF EXISTS favorite_count`.execute(db);
}
