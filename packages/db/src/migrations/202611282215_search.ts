import { type Kysely, sql } from "kysely";

// Plain SQL that PostgreSQL 15 and PGlite (with pg_trgm, packages/db connect.ts) both accept.

/**
 * A listing's weighted search document (issue 39 §1), 'simple' configuration (no stemming, no stop words: names,
 * made-up words and typos stay as typed): A the title, B the tags, C the creator's names and the story series,
 * D the tagline and the description. The creator's names come from users.search_name (0001), which a rename
 * rewrites through `UPDATE chatbots SET title = title` (0001's users_refresh_chatbot_search): this trigger fires
 * for it too, so a renamed creator's listings are found by the new name (test/search.test.ts).
 */
const DOCUMENT_FUNCTION = sql`
  CREATE FUNCTION chatbot_search_doc(title text, tags text[], user_id uuid, story_series text, tagline text,
    description text) RETURNS tsvector LANGUAGE sql STABLE AS $$
    SELECT setweight(to_tsvector('simple', coalesce(title, '')), 'A')
      || setweight(to_tsvector('simple', coalesce(array_to_string(tags, ' '), '')), 'B')
      || setweight(to_tsvector('simple', concat_ws(' ', (SELECT u.search_name FROM users u WHERE u.id = user_id),
           story_series)), 'C')
      || setweight(to_tsvector('simple', concat_ws(' ', tagline, description)), 'D')
  $$`;

/**
 * The words of titles, tags, names and series (weights A to C), which a misspelt or partial query word is matched
 * against by trigrams (search.ts): tens of thousands of words where the listings are a million. Only added to (a
 * word no listing holds any more only widens a query by an alternative that matches nothing). Inserted in word
 * order, so two writes adding the same new words wait for each other instead of deadlocking.
 */
const KEEP_FUNCTION = sql`
  CREATE FUNCTION chatbots_set_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.search_doc := chatbot_search_doc(NEW.title, NEW.tags, NEW.user_id, NEW.story_series, NEW.tagline,
      NEW.description);
    IF TG_OP = 'INSERT' OR NEW.search_doc IS DISTINCT FROM OLD.search_doc THEN
      INSERT INTO search_words (word)
        SELECT w FROM unnest(tsvector_to_array(ts_filter(NEW.search_doc, '{a,b,c}'))) AS w
        WHERE length(w) BETWEEN 2 AND 60 ORDER BY w
      ON CONFLICT DO NOTHING;
    END IF;
    RETURN NEW;
  END $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE TABLE search_words (word text PRIMARY KEY)`.execute(db);
  await sql`ALTER TABLE chatbots ADD COLUMN search_doc tsvector NOT NULL DEFAULT ''::tsvector`.execute(db);
  await DOCUMENT_FUNCTION.execute(db);
  await KEEP_FUNCTION.execute(db);
  await sql`
    CREATE TRIGGER chatbots_search_doc BEFORE INSERT OR UPDATE OF title, tags, user_id, story_series, tagline,
      description ON chatbots
    FOR EACH ROW EXECUTE FUNCTION chatbots_set_search_doc()`.execute(db);
  // Every listing's document (a write since the trigger was made already has its own), then the words.
  await sql`
    UPDATE chatbots SET search_doc = chatbot_search_doc(title, tags, user_id, story_series, tagline, description)
    WHERE search_doc = ''::tsvector`.execute(db);
  await sql`
    INSERT INTO search_words (word)
      SELECT DISTINCT w FROM chatbots, unnest(tsvector_to_array(ts_filter(search_doc, '{a,b,c}'))) AS w
      WHERE length(w) BETWEEN 2 AND 60
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`CREATE INDEX chatbots_search_doc_idx ON chatbots USING gin (search_doc)`.execute(db);
  await sql`CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS chatbots_search_doc ON chatbots`.execute(db);
  await sql`DROP FUNCTION IF EXISTS chatbots_set_search_doc()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS chatbot_search_doc(text, text[], uuid, text, text, text)`.execute(db);
  await sql`ALTER TABLE chatbots DROP COLUMN IF EXISTS search_doc`.execute(db);
  await sql`DROP TABLE IF EXISTS search_words`.execute(db);
}
