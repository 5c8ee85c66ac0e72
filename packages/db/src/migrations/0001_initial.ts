import { type Kysely, sql } from "kysely";

// Plain SQL that PostgreSQL 15 and PGlite both accept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      firebase_uid text UNIQUE,
      email text UNIQUE,
      first_name text,
      last_name text,
      nickname varchar(32),
      profile_image_url text,
      avatar_url text,
      avatar_key text,
      about text,
      instagram_url text,
      bluesky_url text,
      facebook_url text,
      twitter_url text,
      kofi_url text,
      patreon_url text,
      date_of_birth text,
      terms_accepted boolean NOT NULL DEFAULT false,
      privacy_accepted boolean NOT NULL DEFAULT false,
      age_verified boolean NOT NULL DEFAULT false,
      is_approved boolean NOT NULL DEFAULT true,
      is_admin boolean NOT NULL DEFAULT false,
      is_super_admin boolean NOT NULL DEFAULT false,
      search_name text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Nicknames are unique regardless of case, so "Alice" and "alice" cannot both exist.
  await sql`CREATE UNIQUE INDEX users_nickname_lower_key ON users (lower(nickname))`.execute(db);
  await sql`CREATE INDEX users_pending_idx ON users (created_at) WHERE NOT is_approved`.execute(db);

  await sql`
    CREATE TABLE chatbots (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      tags text[] NOT NULL DEFAULT '{}',
      polybuzz_cid text,
      polybuzz_url text,
      roleplaya_cid text,
      roleplaya_url text,
      story_series text,
      nsfw boolean NOT NULL DEFAULT false,
      image_url text,
      image_key text,
      thumbnail_key text,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      search_text text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Newest-first listing, for everyone and for the SFW-only gallery of visitors.
  await sql`CREATE INDEX chatbots_newest_idx ON chatbots (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX chatbots_newest_sfw_idx ON chatbots (created_at DESC, id DESC) WHERE NOT nsfw`.execute(db);
  await sql`CREATE INDEX chatbots_user_idx ON chatbots (user_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX chatbots_series_idx ON chatbots (user_id, story_series)`.execute(db);
  // Content-addressed images may be shared; these answer "is this object still used?".
  await sql`CREATE INDEX chatbots_image_key_idx ON chatbots (image_key) WHERE image_key IS NOT NULL`.execute(db);
  await sql`CREATE INDEX chatbots_thumbnail_key_idx ON chatbots (thumbnail_key) WHERE thumbnail_key IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX users_avatar_key_idx ON users (avatar_key) WHERE avatar_key IS NOT NULL`.execute(db);
  await sql`CREATE INDEX chatbots_search_trgm_idx ON chatbots USING gin (search_text gin_trgm_ops)`.execute(db);

  // search_text joins title, tags and the creator's names. Triggers keep it right when
  // either side changes, so every writer (api, seed, admin tools) gets it for free.
  await sql`
    CREATE FUNCTION chatbots_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_text := lower(concat_ws(' ', NEW.title, array_to_string(NEW.tags, ' '),
        (SELECT search_name FROM users WHERE id = NEW.user_id)));
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER chatbots_search_text BEFORE INSERT OR UPDATE OF title, tags, user_id ON chatbots
    FOR EACH ROW EXECUTE FUNCTION chatbots_set_search_text()`.execute(db);
  await sql`
    CREATE FUNCTION users_set_search_name() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.search_name := lower(concat_ws(' ', NEW.nickname, NEW.first_name, NEW.last_name));
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_search_name BEFORE INSERT OR UPDATE OF nickname, first_name, last_name ON users
    FOR EACH ROW EXECUTE FUNCTION users_set_search_name()`.execute(db);
  await sql`
    CREATE FUNCTION users_refresh_chatbot_search() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.search_name IS DISTINCT FROM OLD.search_name THEN
        UPDATE chatbots SET title = title WHERE user_id = NEW.id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_refresh_chatbot_search AFTER UPDATE OF nickname, first_name, last_name ON users
    FOR EACH ROW EXECUTE FUNCTION users_refresh_chatbot_search()`.execute(db);

  // The session store of connect-pg-simple's shape: sid, sess, expire (indexed).
  await sql`
    CREATE TABLE session (
      sid varchar PRIMARY KEY,
      sess json NOT NULL,
      expire timestamp(6) NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX session_expire_idx ON session (expire)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS session`.execute(db);
  await sql`DROP TABLE IF EXISTS chatbots`.execute(db);
  await sql`DROP TABLE IF EXISTS users`.execute(db);
  await sql`DROP FUNCTION IF EXISTS chatbots_set_search_text, users_set_search_name, users_refresh_chatbot_search`.execute(
    db,
  );
}
