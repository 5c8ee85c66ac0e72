import { type Kysely, sql } from "kysely";

/**
 * Every word of every listing's search document (issue 39 §1 at size): a typed word matches the words it starts
 * ("crim" → "crimson"), which a tsquery prefix (`'crim':*`) finds by collecting every posting of every such word
 * in the GIN index before anything else (two common words: all their postings, each time). With the words it
 * starts looked up here (a range of this index, in byte order: a prefix's words stand together), the search asks
 * for them as whole words, which the GIN index intersects by skipping (search.ts `prefixes`). Only added to, like
 * search_words (a word no listing holds any more only widens a query by an alternative that matches nothing), in
 * word order so that two writes adding the same new words wait for each other instead of deadlocking.
 */
const keepFunction = (withLexicon: boolean) =>
  sql.raw(`
  CREATE OR REPLACE FUNCTION chatbots_set_search_doc() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.search_doc := chatbot_search_doc(NEW.title, NEW.tags, NEW.user_id, NEW.story_series, NEW.tagline,
      NEW.description);
    IF TG_OP = 'INSERT' OR NEW.search_doc IS DISTINCT FROM OLD.search_doc THEN
      INSERT INTO search_words (word)
        SELECT w FROM unnest(tsvector_to_array(ts_filter(NEW.search_doc, '{a,b,c}'))) AS w
        WHERE length(w) BETWEEN 2 AND 60 ORDER BY w
      ON CONFLICT DO NOTHING;${
        withLexicon
          ? `
      INSERT INTO search_lexicon (word)
        SELECT w FROM unnest(tsvector_to_array(NEW.search_doc)) AS w ORDER BY w COLLATE "C"
      ON CONFLICT DO NOTHING;`
          : ""
      }
    END IF;
    RETURN NEW;
  END $$`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE search_lexicon (word text COLLATE "C" PRIMARY KEY)`.execute(db);
  await keepFunction(true).execute(db);
  await sql`
    INSERT INTO search_lexicon (word)
      SELECT DISTINCT w FROM chatbots, unnest(tsvector_to_array(search_doc)) AS w
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await keepFunction(false).execute(db);
  await sql`DROP TABLE search_lexicon`.execute(db);
}
